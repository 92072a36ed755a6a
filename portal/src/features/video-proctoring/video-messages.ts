import type { VideoCallState } from './video-call';

/** The words of video proctoring (decision 0034), for the student and the proctor. */
export const VIDEO_UNREACHABLE = 'Video proctoring is not reachable.';
export const VIDEO_UNREACHABLE_STUDENT = `${VIDEO_UNREACHABLE} Your test goes on as usual under its other proctoring checks.`;
export const VIDEO_UNREACHABLE_PROCTOR = `${VIDEO_UNREACHABLE} The video service (Jitsi) could not be loaded. The test goes on under its other checks.`;
export const VIDEO_NOT_CONFIGURED_PROCTOR = `${VIDEO_UNREACHABLE} The institute has set no video service (JITSI_DOMAIN). The test goes on under its other checks.`;
/** The student's room opens again this long after it closed itself, ready for the proctor to come back. */
export const VIDEO_REOPEN_MS = 5_000;

export function studentVideoText(state: VideoCallState, mode: 'single' | 'multi'): string {
  switch (state) {
    case 'loading':
      return 'Video proctoring: connecting…';
    case 'waiting':
      return mode === 'multi' ? "Video proctoring: in the test's video call" : 'Video proctoring: waiting for the proctor';
    case 'connected':
      return mode === 'multi' ? "Video proctoring: in the test's video call" : 'Video proctoring: the proctor is in the call';
    case 'closed':
      return 'The proctor left the video call. It opens again in a few seconds.';
    case 'unreachable':
      return VIDEO_UNREACHABLE_STUDENT;
  }
}

export function proctorVideoText(state: VideoCallState, who: string): string {
  switch (state) {
    case 'loading':
      return 'Connecting to the video call…';
    case 'waiting':
      return `In the call. ${who} is not in it.`;
    case 'connected':
      return `In the call with ${who}.`;
    case 'closed':
      return 'You left the video call.';
    case 'unreachable':
      return VIDEO_UNREACHABLE_PROCTOR;
  }
}
