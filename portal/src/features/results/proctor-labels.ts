import { PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor-kinds';
import type { ProctorEventKind, ProctorEventSource, ProctorKindClass } from '@invigil/shared/api/proctor-kinds';
import type { ProctorDetail, ProctorTimelineEvent, ProctorTimelineReply } from '@invigil/shared/api/proctor';
import { formatClockTime } from '../../lib/date-time';
import { formatDuration } from './format';

/** Each kind in plain words, as the student reads it. */
export const KIND_LABELS: Record<ProctorEventKind, string> = {
  BLUR: 'Left the test tab or window',
  FOCUS: 'Came back to the test',
  FULLSCREEN_EXIT: 'Left full screen',
  FULLSCREEN_ENTER: 'Entered full screen',
  NO_FACE: 'No face seen by the camera',
  MULTI_FACE: 'More than one face seen by the camera',
  FACE_MISMATCH: 'The face seen did not look like your profile photo',
  IDENTITY_CHECK_OFF: 'Your face was not compared with your profile photo',
  SPEECH: 'Speech heard by the microphone',
  MOUSE_OUT: 'Mouse pointer left the test page',
  SCREEN_SHARE_STOPPED: 'Screen sharing stopped',
  SCREEN_SHARE_STARTED: 'Screen sharing started',
  WARNING_SHOWN: 'A warning was shown to you',
  AUTO_SUBMIT: 'The test was submitted automatically',
  DETECTOR_UNAVAILABLE: 'A proctoring check could not run',
  BROWSER_PROMPT: 'A browser window the test opened took the focus',
  PROCTOR_ACTION: 'The proctor acted',
  DISCONNECTED: 'Connection to the server lost',
  RECONNECTED: 'Connection to the server back',
};

/** Who saw it. */
export const SOURCE_LABELS: Record<ProctorEventSource, string> = {
  extension: 'Extension',
  page: 'This page',
  proctor: 'Proctor',
  server: 'Server',
};

export const CLASS_LABELS: Record<ProctorKindClass, string> = { flag: 'Flag', action: 'Action', info: 'Note' };

export const NO_FLAGS_MESSAGE = 'No proctoring flags were raised.';

/**
 * Every code a reason can carry, in words: the spec's submit reasons and the warnings' reasons
 * (shared/src/proctor: focus, camera and screen-share policies). The one place a code becomes words.
 */
const REASON_LABELS: Record<string, string> = {
  BLUR_ALLOWED_COUNT: 'too many switches away from the test',
  BLUR_TIME_OUT: 'too long away from the test or out of full screen',
  TEST_TIME_OUT: 'time ran out',
  PROCTOR_TERMINATE: 'ended by the proctor',
  NO_FACE: 'no face seen',
  MULTI_FACE: 'more than one face seen',
  BLUR_COUNT: 'switching away from the test',
  BLUR_TIME: 'time away from the test',
  FULLSCREEN: 'leaving full screen',
  DETECTOR_UNAVAILABLE: 'a proctoring check could not run',
  SCREEN_SHARE_STOPPED: 'screen sharing stopped',
  SCREEN_SHARE_REFUSED: 'screen sharing was refused',
  SCREEN_SHARE_REQUIRED: 'the test needs your screen shared',
  SCREEN_SHARE_UNAVAILABLE: 'screen sharing is not available in this browser',
};

/** A code in words; a code not listed still reads as words ('SOME_CODE' -> 'some code'), never as a code. */
const reasonText = (reason: string): string => {
  const known = REASON_LABELS[reason] ?? KIND_LABELS[reason as ProctorEventKind];
  if (known !== undefined) return known.toLowerCase();
  return /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$/.test(reason) || /^[A-Z0-9]+$/.test(reason) ? reason.replace(/_/g, ' ').toLowerCase() : reason;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A proctor's command (the trail's PROCTOR_ACTION detail: command, minutes, by, reason), as the student reads it. */
export function proctorActionLabel(detail: ProctorDetail | null): string {
  const d = detail ?? {};
  const minutes = typeof d['minutes'] === 'number' ? d['minutes'] : undefined;
  switch (d['command']) {
    case 'EXTEND_TEST':
      return minutes !== undefined ? `The proctor extended your time by ${plural(minutes, 'minute')}` : 'The proctor extended your time';
    case 'WARN':
      return 'The proctor warned you';
    case 'PAUSE':
      return 'The proctor paused your test';
    case 'RESUME':
      return 'The proctor resumed your test';
    case 'PROCTOR_TERMINATE':
      return 'The proctor terminated your test';
    case 'RELOAD':
      return 'The proctor reloaded your test page';
    case 'RELOAD_IMAGE':
      return 'The proctor restarted your camera snapshots';
    case 'RELOAD_VIDEO':
      return 'The proctor restarted your video';
    case 'SELECT_WEBCAM':
      return 'The proctor switched your camera';
    default:
      return KIND_LABELS.PROCTOR_ACTION;
  }
}

/** Who the proctor was and the reason they gave, as they typed it: 'By Live Proctor. Reason given: Phone seen.' */
function proctorActionDetail(detail: ProctorDetail | null): string | null {
  const d = detail ?? {};
  const by = typeof d['by'] === 'string' && d['by'] !== '' ? d['by'] : null;
  const reason = typeof d['reason'] === 'string' && d['reason'].trim() !== '' ? d['reason'].trim() : null;
  const parts = [by ? `By ${by}` : null, reason ? `Reason given: ${reason}` : null].filter((part) => part !== null);
  return parts.length > 0 ? parts.join('. ') : null;
}

/** Milliseconds as '12s' or '3m 05s' (rounded up to a whole second, so a blink is '1s'). */
const seconds = (ms: number): string => formatDuration(Math.max(1, Math.ceil(ms / 1000)));

/**
 * The facts of an event in one short sentence, from its detail (and, for a return to the test,
 * the time since the matching departure when the reporter did not say); null when there are none.
 */
export function describeDetail(kind: ProctorEventKind, detail: ProctorDetail | null, awayMs?: number): string | null {
  if (kind === 'PROCTOR_ACTION') return proctorActionDetail(detail);
  const d = detail ?? {};
  const parts: string[] = [];
  const number = (name: string): number | undefined => (typeof d[name] === 'number' ? (d[name] as number) : undefined);
  const text = (name: string): string | undefined => (typeof d[name] === 'string' && d[name] !== '' ? (d[name] as string) : undefined);

  if (kind === 'SCREEN_SHARE_STARTED' && text('surface') === 'monitor') parts.push(text('picker') === 'extension' ? "entire screen, chosen in the extension's picker" : 'entire screen');
  const prompt = text('prompt');
  if (prompt && kind === 'BROWSER_PROMPT') {
    const open = number('ms');
    return capitalise(`the ${prompt}${open !== undefined ? `, open for ${seconds(open)}` : ''}; not counted as time away`);
  }
  const faces = number('faces');
  if (faces !== undefined && kind === 'MULTI_FACE') parts.push(`${faces} faces`);
  const similarity = number('similarity');
  if (similarity !== undefined && kind === 'FACE_MISMATCH') parts.push(`likeness ${Math.round(similarity * 100)} % (advisory: a person checks it)`);
  const away = number('away_ms') ?? awayMs;
  if (away !== undefined && kind === 'FOCUS') parts.push(`away for ${seconds(away)}`);
  const ms = number('ms');
  if (ms !== undefined) parts.push(`for ${seconds(ms)}`);
  const count = number('count');
  const limit = number('limit');
  if (count !== undefined) parts.push(limit !== undefined ? `${count} of ${limit} allowed` : `number ${count}`);
  const reason = text('reason');
  if (reason) parts.push(`reason: ${reasonText(reason)}`);
  const detector = text('detector');
  if (detector) parts.push(detector);
  const words = text('text');
  if (words) parts.push(`"${words}"`);
  return parts.length > 0 ? capitalise(parts.join(', ')) : null;
}

const capitalise = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** Time from the start of the attempt: '+0:05', '+12:34', '+1:02:03' (never below zero). */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `+${h}:${pad(m)}:${pad(s)}` : `+${m}:${pad(s)}`;
}

export interface TimelineRow {
  event: ProctorTimelineEvent;
  kindClass: ProctorKindClass;
  label: string;
  detail: string | null;
  offset: string;
  clock: string;
  source: string;
}

/** The timeline as the result page shows it, oldest first, with the number of flags (not actions or notes). */
export function timelineRows(reply: ProctorTimelineReply): { rows: TimelineRow[]; flags: number } {
  const lastAway = new Map<ProctorEventSource, number>();
  let flags = 0;
  const rows = reply.events.map((event) => {
    const kindClass = PROCTOR_KIND_CLASS[event.kind];
    if (kindClass === 'flag') flags += 1;
    let awayMs: number | undefined;
    if (event.kind === 'BLUR') lastAway.set(event.source, event.at);
    if (event.kind === 'FOCUS') {
      const left = lastAway.get(event.source);
      if (left !== undefined) awayMs = event.at - left;
      lastAway.delete(event.source);
    }
    return {
      event,
      kindClass,
      label: event.kind === 'PROCTOR_ACTION' ? proctorActionLabel(event.detail) : KIND_LABELS[event.kind],
      detail: describeDetail(event.kind, event.detail, awayMs),
      offset: formatOffset(event.at - reply.started_at),
      clock: formatClockTime(event.at),
      source: SOURCE_LABELS[event.source],
    };
  });
  return { rows, flags };
}

/** The proctoring review's words for the student (issue 29, decision 0061). */
export const VERDICT_WORDS = { cleared: 'Cleared', confirmed: 'Confirmed' } as const;

/** The decision on the attempt in a line: "Void: reason", "Under review: reason", "No concern". */
export function decisionLine(decision: { decision: 'no_concern' | 'under_review' | 'void'; reason: string }): string {
  if (decision.decision === 'no_concern') return decision.reason ? `No concern: ${decision.reason}` : 'No concern';
  return `${decision.decision === 'void' ? 'Void' : 'Under review'}: ${decision.reason}`;
}

export const voidedMessage = (reason: string): string => `This attempt was voided: ${reason}`;
