import { NOTES_MESSAGES } from '@invigil/shared/api/desk-messages';
import type { ChapterNotes } from '@invigil/shared/api/notes';
import { ArrowLeft, Bookmark } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { useEarlyReply } from '../../lib/use-early-reply';
import type { ScreenProps } from '../../lib/screen-props';
import { SafeHtml } from '../../ui/safe-html';
import { chapterNotesCall } from './notes-api';

/** Institute-written HTML in the page's type scale (no typography plugin in this build). */
const NOTES_HTML =
  'break-words [&_a]:text-primary [&_a]:underline [&_img]:max-w-full [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-base-300 [&_td]:px-2 [&_th]:border [&_th]:border-base-300 [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-6';

type Load = { state: 'loading' } | { state: 'ready'; notes: ChapterNotes } | { state: 'missing' } | { state: 'failed'; message: string };

/** A path segment back to words: '-' was a space (spec: chapter name with spaces as dashes). */
function words(segment: string | undefined): string {
  let text = segment ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    // Already decoded, with a lone '%': shown as it is.
  }
  return text.replace(/-/g, ' ').trim();
}

function Marked({ marked, children, id, headingLevel }: { marked: boolean; children: ReactNode; id: string; headingLevel: 2 | 3 }) {
  return (
    <section
      id={id}
      tabIndex={marked ? -1 : undefined}
      aria-labelledby={`${id}-heading`}
      className={`scroll-mt-20 rounded-box ${headingLevel === 2 ? 'p-4' : 'mt-3 p-3'} ${marked ? 'bg-warning/20 ring-2 ring-warning' : headingLevel === 2 ? 'bg-base-100 shadow' : 'bg-base-200'}`}
    >
      {children}
    </section>
  );
}

function BookmarkedBadge() {
  return (
    <span className="badge badge-warning ml-2 h-auto gap-1 align-middle text-sm font-normal">
      <Bookmark className="h-3 w-3" aria-hidden="true" />
      Bookmarked
    </span>
  );
}

/**
 * A chapter's notes (spec: a bookmark opens /notes/{subject}/{chapter}/{chapter id}?topic&subtopic):
 * the subject and chapter, each topic with its subtopics; the bookmarked one scrolled to,
 * highlighted and focused, so the student lands where they left off.
 */
export default function NotesPage({ title }: ScreenProps) {
  const params = useParams<{ subject?: string; chapter?: string; chapterId?: string }>();
  const query = new URLSearchParams(useSearch());
  const topicId = query.get('topic');
  const subtopicId = query.get('subtopic');
  const chapterId = params.chapterId ?? '';
  const { early, skipLoad } = useEarlyReply(() => chapterNotesCall(chapterId).settled());
  const [load, setLoad] = useState<Load>(early ? { state: 'ready', notes: early.value } : { state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const scrolled = useRef(false);

  useEffect(() => {
    if (skipLoad()) return;
    let alive = true;
    setLoad({ state: 'loading' });
    chapterNotesCall(chapterId)().then(
      (notes) => alive && setLoad({ state: 'ready', notes }),
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : NOTES_MESSAGES.loadFailed });
      },
    );
    return () => {
      alive = false;
    };
  }, [chapterId, attempt, skipLoad]);

  const notes = load.state === 'ready' ? load.notes : null;
  const topic = notes?.topics.find((item) => item.id === topicId) ?? null;
  const subtopic = topic?.subtopics.find((item) => item.id === subtopicId) ?? null;
  const targetId = topic ? (subtopic ? `subtopic-${topic.id}-${subtopic.id}` : `topic-${topic.id}`) : null;

  useEffect(() => {
    if (!targetId || scrolled.current) return;
    const target = document.getElementById(targetId);
    if (!target) return;
    scrolled.current = true;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [targetId]);

  const subject = notes?.subject_name ?? words(params.subject);
  const chapter = notes?.chapter_name ?? words(params.chapter);
  const missingMark = notes && topicId && (!topic || (subtopicId && !subtopic));

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <Link href="/desk" className="btn btn-ghost btn-sm mb-3 -ml-2">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Desk
      </Link>
      <header className="mb-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{subject || title}</p>
        <h1 className="text-2xl font-bold break-words">{chapter || title}</h1>
      </header>
      {load.state === 'loading' ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading notes">
          <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        </div>
      ) : null}
      {load.state === 'missing' || (notes && notes.topics.length === 0) ? (
        <div className="alert" role="status">
          <span>{NOTES_MESSAGES.notFound}</span>
        </div>
      ) : null}
      {load.state === 'failed' ? (
        <div className="alert alert-error flex-wrap" role="alert">
          <span>{load.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>Retry</button>
        </div>
      ) : null}
      {missingMark ? (
        <p className="alert mb-4" role="status">The bookmarked topic is no longer in these notes.</p>
      ) : null}
      {notes && notes.topics.length > 0 ? (
        <div className="flex flex-col gap-4">
          {notes.topics.map((item) => {
            const topicMarked = item.id === topicId && !subtopic;
            return (
              <Marked key={item.id} id={`topic-${item.id}`} marked={topicMarked} headingLevel={2}>
                <h2 id={`topic-${item.id}-heading`} className="text-xl font-bold break-words">
                  {item.name}
                  {topicMarked ? <BookmarkedBadge /> : null}
                </h2>
                {item.content ? <SafeHtml html={item.content} className={NOTES_HTML} /> : null}
                {item.subtopics.map((sub) => {
                  const subMarked = item.id === topicId && sub.id === subtopicId;
                  const id = `subtopic-${item.id}-${sub.id}`;
                  return (
                    <Marked key={sub.id} id={id} marked={subMarked} headingLevel={3}>
                      <h3 id={`${id}-heading`} className="text-lg font-semibold break-words">
                        {sub.name}
                        {subMarked ? <BookmarkedBadge /> : null}
                      </h3>
                      {sub.content ? <SafeHtml html={sub.content} className={NOTES_HTML} /> : null}
                    </Marked>
                  );
                })}
              </Marked>
            );
          })}
        </div>
      ) : null}
    </main>
  );
}
