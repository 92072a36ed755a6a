import type { LiveCandidate } from '@invigil/shared/api/live';
import { describe, expect, it } from 'vitest';
import { filterCandidates } from './proctor-live';

const candidate = (uid: string, name: string, change: Partial<LiveCandidate> = {}): LiveCandidate => ({
  uid, name, reg_no: uid, phase: 'running', online: true, disconnectedSince: null, via: 'websocket', time_left: 600, status: null,
  clockOffsetMs: 0, flags: 0, lastFlag: null, snapshotUrl: null, unreadChat: 0, ...change,
});

describe('the console order and filters', () => {
  const list = [
    candidate('a', 'Asha'),
    candidate('b', 'Bala', { online: false, disconnectedSince: 1 }),
    candidate('c', 'Chitra', { flags: 2 }),
    candidate('d', 'Dev', { phase: 'submitted', online: false }),
  ];
  it('puts the flagged first, then the disconnected, then by name', () => {
    expect(filterCandidates(list, 'all').map((each) => each.name)).toEqual(['Chitra', 'Bala', 'Asha', 'Dev']);
  });
  it('filters to the flagged or the disconnected', () => {
    expect(filterCandidates(list, 'flagged').map((each) => each.uid)).toEqual(['c']);
    expect(filterCandidates(list, 'disconnected').map((each) => each.uid)).toEqual(['b']);
  });
});
