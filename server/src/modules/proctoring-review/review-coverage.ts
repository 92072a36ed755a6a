import { PROCTOR_KIND_CLASS } from '@invigil/shared/api/proctor';
import type { ProctorDetail, ProctorEventKind, ProctorEventSource } from '@invigil/shared/api/proctor';
import type { CoverageRow } from '@invigil/shared/api/staff-review';

export interface TrailEvent {
  eventId: string;
  kind: ProctorEventKind;
  source: ProctorEventSource;
  at: number;
  detail: ProctorDetail | null;
}

interface Signal {
  signal: string;
  kinds: readonly ProctorEventKind[];
  /** The detector name a DETECTOR_UNAVAILABLE gives for it. */
  detector?: string;
  /** The kind that starts time off, and the one that ends it. */
  off?: [ProctorEventKind, ProctorEventKind];
}

/** The signals of the student's coverage card (portal tests/proctor-coverage.ts), and the live channel. */
const SIGNALS: readonly Signal[] = [
  { signal: 'Tab and window switches', kinds: ['BLUR', 'FOCUS', 'MOUSE_OUT', 'BROWSER_PROMPT'], off: ['BLUR', 'FOCUS'] },
  { signal: 'Full screen', kinds: ['FULLSCREEN_EXIT', 'FULLSCREEN_ENTER'], detector: 'fullscreen', off: ['FULLSCREEN_EXIT', 'FULLSCREEN_ENTER'] },
  { signal: 'Camera', kinds: ['NO_FACE', 'MULTI_FACE', 'FACE_MISMATCH', 'IDENTITY_CHECK_OFF'], detector: 'camera' },
  { signal: 'Microphone', kinds: ['SPEECH'], detector: 'microphone' },
  { signal: 'Screen share', kinds: ['SCREEN_SHARE_STOPPED', 'SCREEN_SHARE_STARTED'], detector: 'screen', off: ['SCREEN_SHARE_STOPPED', 'SCREEN_SHARE_STARTED'] },
  { signal: 'Live channel', kinds: ['DISCONNECTED', 'RECONNECTED'], off: ['DISCONNECTED', 'RECONNECTED'] },
];

const detectorOf = (detail: ProctorDetail | null): string => (typeof detail?.['detector'] === 'string' ? detail['detector'].toLowerCase() : '');

/**
 * Time off for a pair of kinds, per source: from each start to the next end of the same source,
 * or to `until` (submission or deadline) when none came. Also each start's gap, by event id.
 */
function offTime(events: readonly TrailEvent[], [start, end]: [ProctorEventKind, ProctorEventKind], until: number, gaps: Map<string, number | null>): number {
  const open = new Map<ProctorEventSource, TrailEvent>();
  let total = 0;
  for (const event of events) {
    if (event.kind === start && !open.has(event.source)) open.set(event.source, event);
    else if (event.kind === end) {
      const began = open.get(event.source);
      if (began) {
        const ms = Math.max(0, event.at - began.at);
        total += ms;
        gaps.set(began.eventId, ms);
        open.delete(event.source);
      }
    }
  }
  for (const began of open.values()) {
    total += Math.max(0, until - began.at);
    gaps.set(began.eventId, null);
  }
  return total;
}

/**
 * The coverage panel of an attempt from its trail (oldest first): per signal who reported it,
 * its flags, and how long it was off; plus each gap's length by the event id that opened it.
 */
export function coverageOf(events: readonly TrailEvent[], until: number): { rows: CoverageRow[]; gaps: Map<string, number | null>; disconnectedMs: number } {
  const gaps = new Map<string, number | null>();
  let disconnectedMs = 0;
  const rows = SIGNALS.map((signal): CoverageRow => {
    const own = events.filter((event) => signal.kinds.includes(event.kind));
    const unavailable = events.filter((event) => event.kind === 'DETECTOR_UNAVAILABLE' && signal.detector !== undefined && detectorOf(event.detail).includes(signal.detector));
    const watchedBy = [...new Set(own.map((event) => event.source))].sort();
    const flags = own.filter((event) => PROCTOR_KIND_CLASS[event.kind] === 'flag').length + unavailable.length;
    const off = signal.off ? offTime(own, signal.off, until, gaps) : 0;
    if (signal.signal === 'Live channel') disconnectedMs = off;
    return { signal: signal.signal, watched_by: watchedBy, flags, off_ms: off, unavailable: unavailable.length > 0 };
  });
  return { rows, gaps, disconnectedMs };
}
