import type { LiveCandidate } from '@invigil/shared/api/live';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../lib/date-time';
import { filterCandidates, presenceChips } from './proctor-live';

const candidate = (uid: string, name: string, change: Partial<LiveCandidate> = {}): LiveCandidate => ({
  uid, name, reg_no: uid, phase: 'running', online: true, disconnectedSince: null, via: 'websocket', time_left: 600, status: null,
  clockOffsetMs: 0, flags: 0, lastFlag: null, snapshotUrl: null, unreadChat: 0, chatDisabled: false, ...change,
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

describe("a card's presence chips (issue 31)", () => {
  const chips = (change: Partial<LiveCandidate>) => presenceChips(candidate('a', 'Asha', change)).map((chip) => `${chip.label}: ${chip.text}`);
  it('says what each chip is about, and a disconnected candidate never shows a live channel', () => {
    const at = new Date(2026, 10, 28, 17, 5, 56).getTime();
    expect(chips({})).toEqual(['Connection: Online', 'Channel: Live socket']);
    expect(chips({ online: false, disconnectedSince: at, via: 'websocket' })).toEqual([`Connection: Disconnected since ${formatClockTime(at)}`, 'Channel: None']);
    expect(chips({ via: 'http', status: { qn: 1, answered: 0, marked: 0, unsent: 0, extension: true, clock: 1 } })).toEqual(['Connection: Online', 'Channel: Status ping', 'Proctoring: Extension']);
    expect(chips({ phase: 'submitted', online: false })).toEqual(['Test: Submitted', 'Channel: None']);
    for (const chip of presenceChips(candidate('a', 'Asha'))) expect(chip.hint.length).toBeGreaterThan(10);
  });
});
