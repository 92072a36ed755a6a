import type { VideoRoom } from '@invigil/shared/api/video-proctoring';
import { useEffect, useRef } from 'react';
import { loadJitsiApi } from '../../lib/jitsi-loader';
import { openVideoCall, VIDEO_SCRIPT_TIMEOUT_MS, type VideoCallState } from './video-call';

export interface VideoRoomViewProps {
  room: VideoRoom;
  side: 'student' | 'proctor';
  /** The frame's accessible name. */
  title: string;
  /** Changing it opens the room anew (Try again, or the student's room after it closed). */
  attempt: number;
  onState: (state: VideoCallState, others: number) => void;
  /** The frame's box (its size); the call goes on when it is collapsed to nothing. */
  className: string;
}

/**
 * The Jitsi room in a frame (video-call.ts does the joining). The student's frame is left out of
 * the Tab order: the test's keyboard loop stays on the test, and the call needs no input.
 */
export function VideoRoomView({ room, side, title, attempt, onState, className }: VideoRoomViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onState);
  report.current = onState;

  useEffect(() => {
    const parentNode = host.current;
    if (!parentNode) return;
    const stop = openVideoCall({
      room,
      side,
      parentNode,
      title,
      load: (domain) => loadJitsiApi(domain, VIDEO_SCRIPT_TIMEOUT_MS),
      onState: (state, others) => {
        if (side === 'student' && state !== 'unreachable' && state !== 'loading') {
          const frame = parentNode.querySelector('iframe');
          if (frame) frame.tabIndex = -1;
        }
        report.current(state, others);
      },
    });
    return stop;
  }, [room, side, title, attempt]);

  return <div ref={host} className={className} />;
}
