import { API_PREFIX } from '@invigil/shared/api/http';
import type { LiveClassRoom, LiveClassRoomReply } from '@invigil/shared/api/timetable';
import { useSignals } from '@preact/signals-react/runtime';
import { ExternalLink, Video } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { displayName } from '../auth/auth-state';
import { LoadingBlock } from '../results/page-status';
import { loadJitsiApi } from '../../lib/jitsi-loader';
import { formatClassDate, formatClassEnd, formatClassTime } from './schedule-view';
import { fetchLiveClass } from './timetable-api';

const LOAD_FAILED = 'The class could not be loaded. Please try again.';
const OTHER_SERVER = 'This live-class link names another server, so it was not opened. Open the class from your timetable.';
const NO_ROOM = 'There is no meeting room for this class yet: the institute has not set a meeting link for it. Please ask your teacher how to join.';
const UNREACHABLE = 'The meeting room could not be reached. Check your internet connection and try again.';

/** The API endpoint the timetable passed must be this portal's own: the page never sends the token elsewhere. */
function isOwnApi(api: string | null): boolean {
  return api === null || api === `${window.location.origin}${API_PREFIX}`;
}

function Honest({ children, onRetry }: { children: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-warning flex flex-wrap" role="alert">
      <span>{children}</span>
      {onRetry ? <button type="button" className="btn btn-sm" onClick={onRetry}>Try again</button> : null}
    </div>
  );
}

/** The embedded Jitsi room; while the script loads a status, and if it cannot, the honest message. */
function JitsiRoom({ domain, roomName, subject }: { domain: string; roomName: string; subject: string }) {
  useSignals();
  const name = displayName.value;
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    let dispose = () => {};
    setState('loading');
    loadJitsiApi(domain).then(
      (JitsiMeetExternalAPI) => {
        const parentNode = host.current;
        if (!alive || !parentNode) return;
        try {
          const api = new JitsiMeetExternalAPI(domain, { roomName, parentNode, width: '100%', height: '100%', userInfo: { displayName: name } });
          dispose = () => api.dispose();
          const frame = api.getIFrame();
          frame.title = `Meeting room of ${subject}`;
          setState('ready');
        } catch {
          setState('failed');
        }
      },
      () => alive && setState('failed'),
    );
    return () => {
      alive = false;
      dispose();
    };
    // The display name is read once: a rename mid-class must not drop the student from the room.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain, roomName, subject, attempt]);

  return (
    <div className="flex flex-col gap-2">
      {state === 'loading' ? <LoadingBlock label="Connecting to the meeting room" /> : null}
      {state === 'failed' ? <Honest onRetry={() => setAttempt((n) => n + 1)}>{UNREACHABLE}</Honest> : null}
      <div ref={host} className={state === 'ready' ? 'h-[75dvh] min-h-[26rem] w-full overflow-hidden rounded-box bg-base-300' : 'hidden'} />
    </div>
  );
}

function Room({ room, subject }: { room: LiveClassRoom; subject: string }) {
  if (room.kind === 'link') {
    return (
      <div className="flex flex-col items-start gap-2">
        <a className="btn btn-primary btn-lg gap-2" href={room.meeting_url} rel="noopener noreferrer">
          <Video className="h-5 w-5" aria-hidden="true" />
          Join the meeting
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
        <p className="text-sm break-all opacity-80">The institute's meeting link for this class: {room.meeting_url}</p>
      </div>
    );
  }
  if (room.kind === 'jitsi') return <JitsiRoom domain={room.domain} roomName={room.roomName} subject={subject} />;
  return <Honest>{NO_ROOM}</Honest>;
}

function ClassFacts({ reply }: { reply: LiveClassRoomReply }) {
  const { schedule } = reply;
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="live-class-subject">
      <div className="card-body gap-1 p-4 sm:p-6">
        <h2 id="live-class-subject" className="card-title">{schedule.subject_name.toUpperCase()}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Class</dt>
          <dd>{reply.class_name}</dd>
          <dt className="font-medium">Teacher</dt>
          <dd>{schedule.teacher_name || 'Not named'}</dd>
          <dt className="font-medium">Time</dt>
          <dd className="tabular-nums">{formatClassTime(schedule.time)} to {formatClassEnd(schedule.time, schedule.duration)} ({schedule.duration} mins)</dd>
          <dt className="font-medium">Date</dt>
          <dd>{formatClassDate(schedule.date)}</dd>
        </dl>
      </div>
    </section>
  );
}

/**
 * The live-class page JOIN opens in a new window (/live-class/{id}?date=...&api=...): the class,
 * its teacher and time, and its room (the meeting link, or the embedded Jitsi room). Anything
 * that keeps the student out of the room is said in words: refused, no room, or unreachable.
 */
export default function LiveClassPage({ title }: { title: string }) {
  const { id = '' } = useParams<{ id: string }>();
  const params = new URLSearchParams(useSearch());
  const date = params.get('date') ?? '';
  const ownApi = isOwnApi(params.get('api'));
  const [reply, setReply] = useState<LiveClassRoomReply | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchLiveClass(id, date).then(setReply, (failure: unknown) =>
      setError(failure instanceof ApiError && failure.message ? failure.message : LOAD_FAILED),
    );
  }, [id, date]);

  useEffect(() => {
    if (ownApi) load();
  }, [ownApi, load]);

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {!ownApi ? <Honest>{OTHER_SERVER}</Honest> : null}
      {ownApi && reply === null && error === null ? <LoadingBlock label="Loading the class" /> : null}
      {error !== null ? (
        <div className="flex flex-col items-start gap-3">
          <Honest onRetry={load}>{error}</Honest>
          <Link href="/timetable" className="btn btn-sm">Timetable</Link>
        </div>
      ) : null}
      {reply !== null && error === null ? (
        <>
          <ClassFacts reply={reply} />
          <section aria-label="Meeting room">
            <Room room={reply.room} subject={reply.schedule.subject_name} />
          </section>
        </>
      ) : null}
    </main>
  );
}
