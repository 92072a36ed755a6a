// Plain constants of the proctoring contract (see proctor.ts), apart from the schemas so the
// portal's result page can name kinds without loading the schema library.

/** The header that carries the proctor token. */
export const PROCTOR_TOKEN_HEADER = 'x-proctor-token';

/**
 * What was seen. Kept small: a detector maps what it sees onto one of these, with details in
 * `detail`. Each kind is one of three classes (`PROCTOR_KIND_CLASS`):
 * - flag: something a teacher may want to look at;
 * - action: what the proctoring did about flags (a warning, an automatic submission);
 * - info: context that ends or starts a flag (back on the test, full screen again, sharing on).
 */
export const REPORTED_EVENT_KINDS = [
  /** The test tab or window lost focus (another tab, window or app). detail: none. */
  'BLUR',
  /** Back on the test after a BLUR. detail: away_ms (how long it was away), count (blurs so far). */
  'FOCUS',
  /** Full screen was left while the test asks for it. */
  'FULLSCREEN_EXIT',
  /** Full screen was entered (at the start, or again after an exit). */
  'FULLSCREEN_ENTER',
  /** The camera saw nobody. detail: faces (0). evidence: a snapshot when image capture is on. */
  'NO_FACE',
  /** The camera saw more than one face. detail: faces. evidence: a snapshot when image capture is on. */
  'MULTI_FACE',
  /**
   * The one face the camera saw did not look like the student's profile photo on several looks in
   * a row (DETECT_FACE_MISMATCH; advisory, never a submission). detail: similarity (0-1, the best of
   * those looks), looks. evidence: a snapshot when image capture is on.
   */
  'FACE_MISMATCH',
  /**
   * The identity check could not run: the profile photo is missing, unreadable, or shows no single
   * face. A note, not a flag (the student did nothing). detail: text (why).
   */
  'IDENTITY_CHECK_OFF',
  /** The microphone heard speech. detail: ms (how long), text (words, where the browser transcribes). */
  'SPEECH',
  /** The mouse left the test page (mouse-out detection). */
  'MOUSE_OUT',
  /** The screen share ended or was refused. */
  'SCREEN_SHARE_STOPPED',
  /** An entire screen is being shared. */
  'SCREEN_SHARE_STARTED',
  /** The student was shown a warning. detail: reason (the kind or rule that caused it), text. */
  'WARNING_SHOWN',
  /** The proctoring submitted the test. detail: reason (BLUR_ALLOWED_COUNT, BLUR_TIME_OUT, ...). */
  'AUTO_SUBMIT',
  /** A check could not run on this device. detail: detector ('camera', 'microphone', ...), text. */
  'DETECTOR_UNAVAILABLE',
  /**
   * A browser prompt the test opened (its screen picker, its file chooser) held the page; time away
   * is not counted while it does, at most PROMPT_GRACE_MS (shared/proctor/prompt-grace.ts).
   * detail: prompt ('screen picker', 'file chooser'), ms (how long it was open).
   */
  'BROWSER_PROMPT',
] as const;

/**
 * Written by the server alone (issue 12), never accepted from a reporter: what a proctor did and
 * the gaps of the student's live channel, so the student sees them with the result.
 */
export const SERVER_EVENT_KINDS = [
  /** A proctor's command. detail: command, reason, by (the proctor's name), minutes (EXTEND_TEST), device (SELECT_WEBCAM). */
  'PROCTOR_ACTION',
  /** The live channel dropped while the test ran (a fact, not a verdict). detail: via. */
  'DISCONNECTED',
  /** The live channel is back. detail: away_ms, via. */
  'RECONNECTED',
] as const;

export const PROCTOR_EVENT_KINDS = [...REPORTED_EVENT_KINDS, ...SERVER_EVENT_KINDS] as const;
export type ProctorEventKind = (typeof PROCTOR_EVENT_KINDS)[number];
export type ReportedEventKind = (typeof REPORTED_EVENT_KINDS)[number];

export type ProctorKindClass = 'flag' | 'action' | 'info';
export const PROCTOR_KIND_CLASS: Record<ProctorEventKind, ProctorKindClass> = {
  BLUR: 'flag',
  FOCUS: 'info',
  FULLSCREEN_EXIT: 'flag',
  FULLSCREEN_ENTER: 'info',
  NO_FACE: 'flag',
  MULTI_FACE: 'flag',
  FACE_MISMATCH: 'flag',
  IDENTITY_CHECK_OFF: 'info',
  SPEECH: 'flag',
  MOUSE_OUT: 'flag',
  SCREEN_SHARE_STOPPED: 'flag',
  SCREEN_SHARE_STARTED: 'info',
  WARNING_SHOWN: 'action',
  AUTO_SUBMIT: 'action',
  DETECTOR_UNAVAILABLE: 'flag',
  BROWSER_PROMPT: 'info',
  PROCTOR_ACTION: 'action',
  DISCONNECTED: 'info',
  RECONNECTED: 'info',
};

/** Who saw it: the paired extension, or the test page itself (the in-page fallback). */
export const REPORTER_SOURCES = ['extension', 'page'] as const;
/** And the server's own entries (issue 12): a proctor's action, or what the server saw itself. */
export const PROCTOR_EVENT_SOURCES = [...REPORTER_SOURCES, 'proctor', 'server'] as const;
export type ProctorEventSource = (typeof PROCTOR_EVENT_SOURCES)[number];

/** At most this many events in one POST /proctor/events. */
export const MAX_EVENTS_PER_REQUEST = 100;
/** An attempt keeps at most this many events (a three-hour test checking faces every 10 s is ~1,100). */
export const MAX_EVENTS_PER_ATTEMPT = 5_000;
/** A detail's text fields are at most this long (speech text is cut by the client). */
export const MAX_DETAIL_TEXT = 200;
/** A detail has at most this many fields. */
export const MAX_DETAIL_FIELDS = 8;

/** Spec section 9: proctor snapshots are 640 px wide, WebP at quality 0.7. */
export const SNAPSHOT_WIDTH = 640;
export const SNAPSHOT_WEBP_QUALITY = 0.7;
/** A 640 px snapshot is 30-80 KB as WebP; a PNG of a busy camera frame can reach ~1 MB. */
export const MAX_SNAPSHOT_BYTES = 1536 * 1024;
/** An attempt keeps at most this many snapshots. */
export const MAX_SNAPSHOTS_PER_ATTEMPT = 2_000;
/** The image types a snapshot may be (found from its bytes; the spec's path always says png). */
export const SNAPSHOT_TYPES = ['webp', 'png', 'jpg'] as const;
export type SnapshotType = (typeof SNAPSHOT_TYPES)[number];

/** True for kinds that are flags or actions on flags (not the info that ends or starts one). */
export function isFlagKind(kind: ProctorEventKind): boolean {
  return PROCTOR_KIND_CLASS[kind] !== 'info';
}
