import type { VideoProctoringReply } from '@invigil/shared/api/video-proctoring';
import { Video, VideoOff } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import type { VideoCallState } from './video-call';
import { fetchStudentVideo } from './video-proctoring-api';
import { studentVideoText, VIDEO_REOPEN_MS, VIDEO_UNREACHABLE_STUDENT } from './video-messages';
import { VideoRoomView } from './video-room-view';

/** Phones start with the frame folded away (the call goes on): the question needs the room. */
const startsOpen = () => typeof window === 'undefined' || window.innerWidth >= 640;

/**
 * The student's video proctoring in the test (decision 0034): a small panel at the bottom right
 * with the room's frame and what the call is doing. When the room cannot be reached the panel
 * says so and the test goes on: nothing is blocked, nothing goes on the trail.
 */
export default function VideoProctoringPanel({ testId }: { testId: string }) {
  const [reply, setReply] = useState<VideoProctoringReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [state, setState] = useState<VideoCallState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState(startsOpen);
  const frameId = useId();

  const load = useCallback(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchStudentVideo(testId, controller.signal).then(setReply, () => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [testId]);
  useEffect(load, [load]);

  // Single mode: the room closed itself after the proctor left; it opens again, waiting for the proctor.
  useEffect(() => {
    if (state !== 'closed') return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), VIDEO_REOPEN_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onState = useCallback((next: VideoCallState) => setState(next), []);

  if (reply?.mode === 'none') return null;
  const room = reply?.room ?? null;
  const unreachable = failed || (reply !== null && room === null) || state === 'unreachable';
  const text = unreachable ? VIDEO_UNREACHABLE_STUDENT : reply === null ? studentVideoText('loading', 'single') : studentVideoText(state, reply.mode === 'multi' ? 'multi' : 'single');
  const retry = failed ? load : room !== null ? () => setAttempt((n) => n + 1) : null;
  const live = room !== null && !unreachable && state !== 'closed';

  return (
    <section className="fixed right-2 bottom-20 z-40 flex w-48 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg sm:w-64" aria-label="Video proctoring" data-testid="video-proctoring">
      <div className="flex items-start gap-1">
        <p className={`min-w-0 flex-1 text-xs ${unreachable ? 'rounded bg-warning px-1.5 py-1 text-warning-content' : ''}`} role="status" aria-live="polite">
          {text}
        </p>
        {live ? (
          <button type="button" className="btn btn-ghost btn-xs shrink-0 px-1" aria-expanded={shown} aria-controls={frameId} onClick={() => setShown((on) => !on)}>
            {shown ? <VideoOff className="h-4 w-4" aria-hidden="true" /> : <Video className="h-4 w-4" aria-hidden="true" />}
            {shown ? 'Hide video' : 'Show video'}
          </button>
        ) : null}
      </div>
      {unreachable && retry ? (
        <button type="button" className="btn btn-xs self-start" onClick={retry}>Try again</button>
      ) : null}
      {room !== null && !failed ? (
        <div id={frameId}>
          <VideoRoomView
            room={room}
            side="student"
            title="Video proctoring call"
            attempt={attempt}
            onState={onState}
            className={live && shown ? 'aspect-video w-full overflow-hidden rounded bg-base-300' : 'h-0 w-full overflow-hidden'}
          />
        </div>
      ) : null}
    </section>
  );
}
