import { describe, expect, it } from 'vitest';
import { coverageOf } from './review-coverage';
import type { TrailEvent } from './review-coverage';

const at = (eventId: string, kind: TrailEvent['kind'], ms: number, more: Partial<TrailEvent> = {}): TrailEvent => ({ eventId, kind, source: 'page', at: ms, detail: null, ...more });

describe('coverageOf', () => {
  it('counts time off per pair and source, an unclosed one to the end, and each gap by its opening event', () => {
    const events = [
      at('b1', 'BLUR', 1_000),
      at('b1x', 'BLUR', 1_500, { source: 'extension' }),
      at('f1', 'FOCUS', 4_000),
      at('f1x', 'FOCUS', 2_500, { source: 'extension' }),
      at('d1', 'DISCONNECTED', 5_000, { source: 'server' }),
      at('r1', 'RECONNECTED', 12_000, { source: 'server' }),
      at('d2', 'DISCONNECTED', 15_000, { source: 'server' }),
      at('n1', 'NO_FACE', 6_000),
      at('u1', 'DETECTOR_UNAVAILABLE', 100, { detail: { detector: 'microphone' } }),
    ].sort((a, b) => a.at - b.at);
    const { rows, gaps, disconnectedMs } = coverageOf(events, 20_000);
    const row = (signal: string) => rows.find((item) => item.signal === signal);
    expect(row('Tab and window switches')).toEqual({ signal: 'Tab and window switches', watched_by: ['extension', 'page'], flags: 2, off_ms: 4_000, unavailable: false });
    expect(row('Camera')).toMatchObject({ flags: 1, off_ms: 0, unavailable: false, watched_by: ['page'] });
    expect(row('Microphone')).toMatchObject({ flags: 1, unavailable: true, watched_by: [] });
    expect(row('Live channel')).toMatchObject({ off_ms: 12_000 });
    expect(disconnectedMs).toBe(12_000);
    expect(gaps.get('d1')).toBe(7_000);
    expect(gaps.get('d2')).toBeNull();
  });
});
