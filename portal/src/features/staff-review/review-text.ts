import type { ProctorEventKind, ProctorEventSource } from '@invigil/shared/api/proctor-kinds';
import type { ProctorDetail } from '@invigil/shared/api/proctor';
import type { ReviewEntry } from '@invigil/shared/api/staff-review';

// The staff's words for the trail (the student's result page has its own, in the second person).

export const STAFF_KIND_LABELS: Record<ProctorEventKind, string> = {
  BLUR: 'Left the test tab or window',
  FOCUS: 'Came back to the test',
  FULLSCREEN_EXIT: 'Left full screen',
  FULLSCREEN_ENTER: 'Entered full screen',
  NO_FACE: 'No face seen by the camera',
  MULTI_FACE: 'More than one face seen by the camera',
  FACE_MISMATCH: 'The face did not look like the profile photo',
  IDENTITY_CHECK_OFF: 'The face was not compared with the profile photo',
  SPEECH: 'Speech heard by the microphone',
  MOUSE_OUT: 'Mouse pointer left the test page',
  SCREEN_SHARE_STOPPED: 'Screen sharing stopped',
  SCREEN_SHARE_STARTED: 'Screen sharing started',
  WARNING_SHOWN: 'A warning was shown to the student',
  AUTO_SUBMIT: 'The test was submitted automatically',
  DETECTOR_UNAVAILABLE: 'A proctoring check could not run',
  BROWSER_PROMPT: 'A browser window the test opened took the focus',
  PROCTOR_ACTION: 'The proctor acted',
  DISCONNECTED: 'Connection to the server lost',
  RECONNECTED: 'Connection to the server back',
};

export const STAFF_SOURCE_LABELS: Record<ProctorEventSource, string> = { extension: 'Extension', page: 'Test page', proctor: 'Proctor', server: 'Server' };

const COMMAND_LABELS: Record<string, string> = {
  PROCTOR_TERMINATE: 'Ended the test',
  RELOAD: 'Reloaded the test page',
  RELOAD_IMAGE: 'Asked for a new snapshot',
  RELOAD_VIDEO: 'Restarted the video',
  EXTEND_TEST: 'Extended the time',
  SELECT_WEBCAM: 'Chose another camera',
  WARN: 'Warned the student',
  PAUSE: 'Paused the test',
  RESUME: 'Resumed the test',
};

/** '3s', '2m 05s', '1h 02m'. */
export function lengthText(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/** Time into the attempt: '+0:05', '+12:34', '+1:02:03'. */
export function offsetText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `+${h}:${pad(m)}:${pad(s)}` : `+${m}:${pad(s)}`;
}

export const clockText = (ms: number): string => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
export const dateTimeText = (ms: number): string => new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The facts of an event's detail in a few words; '' when there are none. */
export function detailText(detail: ProctorDetail | null): string {
  if (!detail) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (value === '' || value === null) continue;
    if (key === 'away_ms' || key === 'ms') parts.push(`${key === 'away_ms' ? 'away' : 'for'} ${lengthText(Number(value))}`);
    else if (key === 'similarity' && typeof value === 'number') parts.push(`likeness ${Math.round(value * 100)} %`);
    else if (key === 'text') parts.push(`"${String(value)}"`);
    else parts.push(`${key.replace(/_/g, ' ')}: ${String(value)}`);
  }
  return parts.join(', ');
}

/** What a line of the trail says, in words. */
export function entryText(entry: ReviewEntry): string {
  switch (entry.type) {
    case 'event':
      return STAFF_KIND_LABELS[entry.kind];
    case 'command':
      return `${entry.by}: ${COMMAND_LABELS[entry.command] ?? entry.command}${entry.minutes ? ` by ${entry.minutes} minutes` : ''}${entry.reason ? ` (${entry.reason})` : ''}`;
    case 'chat':
      return entry.author === 'proctor' ? `Chat from ${entry.by ?? 'the proctor'}: ${entry.body}` : `Chat from the student: ${entry.body}`;
    case 'snapshot':
      return 'Camera snapshot';
  }
}
