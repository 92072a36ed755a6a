import type { TestListItem } from '@invigil/shared/api/tests';
import { describe, expect, it } from 'vitest';
import { mockTestStatus, seriesTitle } from './mock-test-status';

const DAY = 24 * 3600 * 1000;
const item = (more: Partial<TestListItem> = {}): TestListItem => ({
  _id: 't', name: 'Test', description: '', SKIP_PREPARE: false, resumeable: false, attempted: false, time_to_start: 0,
  test_created_at: null, test_submitted_at: null, type: 'live', mp_cost: 0, access_code: false, duration: 20,
  activation_date: null, ends_at: null, review: null, ...more,
});

describe('mockTestStatus', () => {
  it('says where the test stands, in the order that matters to the student', () => {
    expect(mockTestStatus(item())).toEqual({ text: 'Open now', tone: 'open' });
    expect(mockTestStatus(item({ attempted: true, resumeable: true, time_to_start: -DAY }))).toEqual({ text: 'In progress', tone: 'progress' });
    const submitted = new Date(2026, 10, 25, 17, 42).getTime();
    expect(mockTestStatus(item({ attempted: true, test_submitted_at: submitted, time_to_start: -3 * DAY }))).toEqual({ text: 'Submitted 05:42 PM, 25 Nov, 2026', tone: 'done' });
    expect(mockTestStatus(item({ time_to_start: 2 * DAY, activation_date: new Date(2026, 10, 27, 9, 0).getTime() }))).toEqual({ text: 'Opens 09:00 AM, 27 Nov, 2026', tone: 'upcoming' });
    expect(mockTestStatus(item({ time_to_start: -3 * DAY }))).toEqual({ text: 'Test ended 3 days ago', tone: 'ended' });
    expect(mockTestStatus(item({ attempted: true }))).toEqual({ text: 'Attempted', tone: 'done' });
  });
});

describe('seriesTitle', () => {
  it('names the tests in no series', () => {
    expect(seriesTitle('Term 1 Test Series')).toBe('Term 1 Test Series');
    expect(seriesTitle(null)).toBe('Other tests');
    expect(seriesTitle('  ')).toBe('Other tests');
  });
});
