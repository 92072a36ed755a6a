import type { DeskReply, Notice } from '@invigil/shared/api/desk';
import { DESK_MESSAGES } from '@invigil/shared/api/desk-messages';
import { isFlagOff } from '@invigil/shared/domain/menu-flags';
import { useSignals } from '@preact/signals-react/runtime';
import { GraduationCap, Quote } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { useEarlyReply } from '../../lib/use-early-reply';
import type { ScreenProps } from '../../lib/screen-props';
import { Modal } from '../../ui/modal';
import { AttendanceStatCard } from '../attendance/attendance-stat-card';
import { hasLiveSession, userConfig } from '../auth/auth-state';
import { showBookmarks, bookmarksStatus } from '../bookmarks/bookmark-state';
import { BookmarksWidget } from '../bookmarks/bookmarks-widget';
import { DailyScheduleCard } from '../timetable/daily-schedule-card';
import { showTodos, todosStatus } from '../todos/todo-state';
import { TodoWidget } from '../todos/todo-widget';
import { fetchDesk, markNoticeRead } from './desk-api';
import { MonthCalendar } from './month-calendar';
import { NoticesCard } from './notices-card';

/** A load this quick needs no dialog: it would only flash. */
const LOADING_DIALOG_DELAY_MS = 200;

function UpcomingExamsCard() {
  const headingId = useId();
  return (
    <section className="card bg-base-100 shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title">
          <GraduationCap className="h-5 w-5 text-primary" aria-hidden="true" />
          Upcoming Exams
        </h2>
        {/* Spec section 2: the card always says so. Scheduled tests are on the Assessment page. */}
        <p className="opacity-80">{DESK_MESSAGES.noUpcomingExam}</p>
      </div>
    </section>
  );
}

function MotivationCard({ motivations }: { motivations: DeskReply['motivations'] }) {
  const headingId = useId();
  if (motivations.length === 0) return null;
  return (
    <section className="card bg-secondary text-secondary-content shadow" aria-labelledby={headingId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title">
          <Quote className="h-5 w-5" aria-hidden="true" />
          Motivation
        </h2>
        <ul className="flex flex-col gap-2">
          {motivations.slice(0, 3).map((item) => (
            <li key={item._id}>
              <blockquote className="text-lg italic">{item.content}</blockquote>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The home desk (spec: Home desk, /desk and /dashboard/desk): exam updates and notices with the
 * notifications toggle, a read-only calendar, the to-do list, attendance, today's schedule,
 * upcoming exams, bookmarks and motivations. One GET /desk fills notices, motivations, todos and
 * bookmarks; 'Loading data please wait...' shows while it loads.
 */
export default function DeskPage({ title }: ScreenProps) {
  useSignals();
  // The page's early GET /desk when it is already here: the first frame shows the desk, its to-do
  // and bookmark widgets too (their lists are set before they render, in this same pass).
  const { early, skipLoad } = useEarlyReply(() => {
    const reply = fetchDesk.settled();
    if (reply && hasLiveSession()) {
      showTodos(reply.value.todos);
      showBookmarks(reply.value.bookmarks);
    }
    return reply;
  });
  const [desk, setDesk] = useState<DeskReply | null>(early ? early.value : null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(!early);
  const [dialog, setDialog] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    setLoading(true);
    const timer = setTimeout(() => setDialog(true), LOADING_DIALOG_DELAY_MS);
    if (hasLiveSession()) {
      todosStatus.value = 'loading';
      bookmarksStatus.value = 'loading';
    }
    fetchDesk().then(
      (reply) => {
        if (!alive) return;
        setDesk(reply);
        setFailed(false);
        if (hasLiveSession()) {
          showTodos(reply.todos);
          showBookmarks(reply.bookmarks);
        }
      },
      (error: unknown) => {
        if (!alive) return;
        setFailed(true);
        todosStatus.value = 'failed';
        bookmarksStatus.value = 'failed';
        showSnackbar(error instanceof Error ? error.message : DESK_MESSAGES.loadFailed, { color: 'error' });
      },
    ).finally(() => {
      clearTimeout(timer);
      if (!alive) return;
      setLoading(false);
      setDialog(false);
    });
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [attempt, skipLoad]);

  async function openNotice(notice: Notice) {
    try {
      const { data } = await markNoticeRead(notice._id);
      setDesk((current) => current && { ...current, notices: current.notices.map((item) => (item._id === data._id ? data : item)) });
    } catch {
      // Still unread on the server: it shows as unread next time, and nothing else is lost.
    }
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div className="md:col-span-2">
          <NoticesCard notices={desk?.notices ?? null} failed={failed} onOpen={(notice) => void openNotice(notice)} onRetry={() => setAttempt((n) => n + 1)} />
        </div>
        <MonthCalendar />
        <TodoWidget />
        {/* The cards of other pages show only while those pages are on (their calls answer 403 otherwise). */}
        {isFlagOff(userConfig.value, 'ATTENDANCE') ? null : <AttendanceStatCard />}
        {isFlagOff(userConfig.value, 'TIMETABLE') ? null : <DailyScheduleCard />}
        <UpcomingExamsCard />
        <BookmarksWidget />
        {desk ? <MotivationCard motivations={desk.motivations} /> : null}
      </div>
      <Modal open={loading && dialog} title={DESK_MESSAGES.loading} dismissable={false}>
        <div className="flex justify-center py-4" role="status" aria-label="Loading">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      </Modal>
    </main>
  );
}
