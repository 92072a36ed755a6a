import type { VideoRoom } from '@invigil/shared/api/video-proctoring';
import type { JitsiMeetApi, JitsiMeetConstructor } from '../../lib/jitsi-loader';

/**
 * How long the Jitsi script may take before video proctoring is called unreachable (decision
 * 0034): the test never waits on it.
 */
export const VIDEO_SCRIPT_TIMEOUT_MS = 10_000;

/**
 * - loading: the script is loading or the room is being joined;
 * - waiting: in the room, nobody else there (the student waits for the proctor);
 * - connected: someone else is in the room (the proctor, or in multi mode anyone);
 * - closed: the room was left (single mode: the proctor left and the room closed itself);
 * - unreachable: the Jitsi script could not be loaded, or the room could not be opened.
 */
export type VideoCallState = 'loading' | 'waiting' | 'connected' | 'closed' | 'unreachable';

export interface VideoCallOptions {
  room: VideoRoom;
  parentNode: HTMLElement;
  /** The student's side closes itself after the other leaves (single mode); the proctor's never does. */
  side: 'student' | 'proctor';
  /** Loads the IFrame API of the room's domain (lib/jitsi-loader.ts in the page). */
  load: (domain: string) => Promise<JitsiMeetConstructor>;
  onState: (state: VideoCallState, others: number) => void;
  /** The frame's accessible name. */
  title: string;
}

/** The options the room is opened with: the server's room, the name, the resolution, no pre-join screen. */
export function jitsiOptions(room: VideoRoom, parentNode: HTMLElement) {
  const height = room.resolution;
  return {
    roomName: room.room,
    parentNode,
    width: '100%',
    height: '100%',
    userInfo: { displayName: room.display_name },
    configOverwrite: {
      resolution: height,
      constraints: { video: { height: { ideal: height, max: height, min: Math.min(height, 180) } } },
      prejoinPageEnabled: false,
      prejoinConfig: { enabled: false },
      disableDeepLinking: true,
      startWithAudioMuted: false,
      startWithVideoMuted: false,
    },
  };
}

/**
 * Joins a video proctoring room through the Jitsi IFrame API: sets the room's password on joining
 * (the first in the room locks it; the others are let in with it), counts the others in the room,
 * and on the student's side of a single-mode room closes the call `auto_close_ms` after the last
 * other participant left (spec: about 2 s), unless someone comes back first. Returns a stop.
 */
export function openVideoCall({ room, parentNode, side, load, onState, title }: VideoCallOptions): () => void {
  let api: JitsiMeetApi | null = null;
  let stopped = false;
  let closeTimer: ReturnType<typeof setTimeout> | null = null;
  const others = new Set<string>();
  const set = (state: VideoCallState) => {
    if (!stopped) onState(state, others.size);
  };
  const cancelClose = () => {
    if (closeTimer !== null) clearTimeout(closeTimer);
    closeTimer = null;
  };
  const leave = () => {
    cancelClose();
    const current = api;
    api = null;
    current?.dispose();
  };

  set('loading');
  load(room.domain).then(
    (JitsiMeetExternalAPI) => {
      if (stopped) return;
      try {
        const opened = new JitsiMeetExternalAPI(room.domain, jitsiOptions(room, parentNode));
        api = opened;
        const frame = opened.getIFrame();
        frame.title = title;
        const password = () => opened.executeCommand?.('password', room.password);
        opened.addListener?.('videoConferenceJoined', () => {
          password();
          set(others.size > 0 ? 'connected' : 'waiting');
        });
        opened.addListener?.('passwordRequired', password);
        opened.addListener?.('participantJoined', (data) => {
          others.add(String(data['id'] ?? others.size));
          cancelClose();
          set('connected');
        });
        opened.addListener?.('participantLeft', (data) => {
          others.delete(String(data['id'] ?? ''));
          if (others.size > 0) return;
          if (side === 'student' && room.auto_close_ms !== null) {
            cancelClose();
            closeTimer = setTimeout(() => {
              closeTimer = null;
              leave();
              set('closed');
            }, room.auto_close_ms);
          }
          set('waiting');
        });
        // The call was hung up inside the frame.
        opened.addListener?.('readyToClose', () => {
          leave();
          set('closed');
        });
      } catch {
        leave();
        set('unreachable');
      }
    },
    () => set('unreachable'),
  );

  return () => {
    leave();
    stopped = true;
  };
}
