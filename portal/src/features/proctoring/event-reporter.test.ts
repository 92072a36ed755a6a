import type { ProctorEvent } from '@invigil/shared/api/proctor';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { EventReporter } from './event-reporter';

const event = (n: number): ProctorEvent => ({ id: `event-${String(n).padStart(4, '0')}`, at: n, kind: 'BLUR', source: 'page' });

describe('EventReporter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers events in order and keeps them through a network drop until the server takes them', async () => {
    const delivered: string[] = [];
    let online = false;
    const saved: ProctorEvent[][] = [];
    const reporter = new EventReporter({
      send: async (events) => {
        if (!online) throw new ApiError('Please check your internet connection!', null);
        delivered.push(...events.map((e) => e.id));
      },
      store: { get: () => [], set: (events) => saved.push([...events]) },
      retryMs: 1000,
    });
    reporter.report(event(1));
    reporter.report(event(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(delivered).toEqual([]);
    expect(reporter.pending).toBe(2);
    expect(saved.at(-1)?.map((e) => e.id)).toEqual(['event-0001', 'event-0002']);
    online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(delivered).toEqual(['event-0001', 'event-0002']);
    expect(reporter.pending).toBe(0);
    expect(saved.at(-1)).toEqual([]);
  });

  it('picks up what a previous page left undelivered', async () => {
    const delivered: string[] = [];
    new EventReporter({ send: async (events) => void delivered.push(...events.map((e) => e.id)), store: { get: () => [event(7)], set: () => {} } });
    await vi.advanceTimersByTimeAsync(10);
    expect(delivered).toEqual(['event-0007']);
  });

  it('drops a batch the server refuses for good, so later events still go', async () => {
    const delivered: string[] = [];
    let calls = 0;
    const reporter = new EventReporter({
      send: async (events) => {
        calls += 1;
        if (calls === 1) throw new ApiError('bad', 422);
        delivered.push(...events.map((e) => e.id));
      },
    });
    reporter.report(event(1));
    await vi.advanceTimersByTimeAsync(10);
    reporter.report(event(2));
    await vi.advanceTimersByTimeAsync(10);
    expect(delivered).toEqual(['event-0002']);
  });
});
