import type { LiveCandidate } from '@invigil/shared/api/live';
import type { VideoProctoringReply, VideoRoom } from '@invigil/shared/api/video-proctoring';
import { Video } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Modal } from '../../ui/modal';
import { useFocusReturn } from '../live/focus-return';
import type { VideoCallState } from '../video-proctoring/video-call';
import { proctorVideoText, VIDEO_NOT_CONFIGURED_PROCTOR, VIDEO_UNREACHABLE_PROCTOR } from '../video-proctoring/video-messages';
import { fetchCandidateVideo, fetchTestVideo } from './proctor-console-api';

// The room's code (and the Jitsi loader) comes with the first call, not with the console.
const VideoRoomView = lazy(() => import('../video-proctoring/video-room-view').then((module) => ({ default: module.VideoRoomView })));

/** Whom the proctor joins: one candidate's room (single mode) or the test's (multi mode). */
export type VideoTarget = { kind: 'candidate'; candidate: LiveCandidate } | { kind: 'test'; name: string };

/** The test's video proctoring mode for the console (null while loading, or when it could not be read). */
export function useTestVideo(testId: string): VideoProctoringReply | null {
  const [reply, setReply] = useState<VideoProctoringReply | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setReply(null);
    fetchTestVideo(testId, controller.signal).then(setReply, () => undefined);
    return () => controller.abort();
  }, [testId]);
  return reply;
}

/** The console's line about video proctoring: the multi-mode call to join, or why there is no video. */
export function TestVideoActions({ video, onJoin }: { video: VideoProctoringReply | null; onJoin: () => void }) {
  if (!video || video.mode === 'none') return null;
  if (!video.configured) return <p className="alert alert-warning w-full text-sm" role="status">{VIDEO_NOT_CONFIGURED_PROCTOR}</p>;
  if (video.mode !== 'multi') return null;
  return (
    <button type="button" className="btn btn-sm gap-1" onClick={onJoin} aria-label="Join the test's video call">
      <Video className="h-4 w-4" aria-hidden="true" />Join video
    </button>
  );
}

/** A candidate's 'Join video' (single mode, with a video service set). */
export function JoinVideoButton({ video, name, onJoin }: { video: VideoProctoringReply | null; name: string; onJoin: () => void }) {
  if (!video || video.mode !== 'single' || !video.configured) return null;
  return (
    <button type="button" className="btn btn-sm gap-1" onClick={onJoin} aria-label={`Join video with ${name}`}>
      <Video className="h-4 w-4" aria-hidden="true" />Join video
    </button>
  );
}

/**
 * The room, embedded in a dialog, under the proctor's name: the candidate's own room, or the
 * test's. Closing the dialog leaves the call (in single mode the student's room then closes itself
 * about 2 s later and opens again, waiting, a few seconds after).
 */
export function VideoCallDialog({ testId, target, testRoom, onClose }: { testId: string; target: VideoTarget | null; testRoom: VideoRoom | null; onClose: () => void }) {
  const [room, setRoom] = useState<VideoRoom | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<VideoCallState>('loading');
  const [others, setOthers] = useState(0);
  const [attempt, setAttempt] = useState(0);
  useFocusReturn(target !== null);
  const uid = target?.kind === 'candidate' ? target.candidate.uid : null;

  useEffect(() => {
    setRoom(null);
    setError(null);
    setState('loading');
    if (!target) return;
    if (uid === null) {
      if (testRoom) setRoom(testRoom);
      else setError(VIDEO_NOT_CONFIGURED_PROCTOR);
      return;
    }
    const controller = new AbortController();
    fetchCandidateVideo(testId, uid, controller.signal).then(
      (reply) => (reply.room ? setRoom(reply.room) : setError(VIDEO_NOT_CONFIGURED_PROCTOR)),
      (failure: unknown) => !controller.signal.aborted && setError(failure instanceof Error && failure.message ? failure.message : VIDEO_UNREACHABLE_PROCTOR),
    );
    return () => controller.abort();
    // The target object is new on every console update; its uid says whose room it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [testId, uid, target === null, testRoom]);

  const onState = useCallback((next: VideoCallState, count: number) => {
    setState(next);
    setOthers(count);
  }, []);

  if (!target) return null;
  const who = target.kind === 'candidate' ? target.candidate.name : 'the candidates';
  const title = target.kind === 'candidate' ? `Video: ${target.candidate.name}` : `Video: ${target.name}`;
  const text = error ?? (target.kind === 'test' && state === 'connected' ? `In the call with ${others} other${others === 1 ? '' : 's'}.` : proctorVideoText(state, who));
  const trouble = error !== null || state === 'unreachable';
  return (
    <Modal
      open
      title={title}
      size="lg"
      onClose={onClose}
      actions={
        <>
          {trouble && room ? <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>Try again</button> : null}
          {state === 'closed' ? <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>Join again</button> : null}
          <button type="button" className="btn btn-primary" onClick={onClose}>Leave the call</button>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <p className={trouble ? 'alert alert-warning' : 'text-sm'} role="status">{text}</p>
        {room ? (
          <Suspense fallback={null}>
            <VideoRoomView
              room={room}
              side="proctor"
              title={`Video call: ${target.kind === 'candidate' ? target.candidate.name : target.name}`}
              attempt={attempt}
              onState={onState}
              className={trouble || state === 'closed' ? 'h-0 overflow-hidden' : 'aspect-video w-full overflow-hidden rounded bg-base-300'}
            />
          </Suspense>
        ) : null}
      </div>
    </Modal>
  );
}
