import { describe, expect, it } from 'vitest';
import { assignedText, publishedText, scheduleText } from './test-list-text';

describe('the test list and publication words', () => {
  it('says when a test is open', () => {
    const opens = new Date(2026, 11, 1, 9, 30).getTime();
    expect(scheduleText(null, null)).toBe('Always open');
    expect(scheduleText(opens, null)).toBe('From 01 Dec 2026, 09:30 AM');
    expect(scheduleText(opens, new Date(2026, 11, 1, 11, 0).getTime())).toBe('01 Dec 2026, 09:30 AM – 11:00 AM');
    expect(scheduleText(opens, new Date(2026, 11, 3, 17, 0).getTime())).toBe('01 Dec 2026, 09:30 AM – 03 Dec 2026, 05:00 PM');
  });

  it('says who a test is assigned to', () => {
    expect(assignedText({ open_to_all: true, classes: [{ id: 'c', name: 'Class 10 - A' }], students: 3 })).toBe('All students');
    expect(assignedText({ open_to_all: false, classes: [{ id: 'c', name: 'Class 10 - A' }], students: 1 })).toBe('Class 10 - A, 1 student');
    expect(assignedText({ open_to_all: false, classes: [], students: 2 })).toBe('2 students');
    expect(assignedText({ open_to_all: false, classes: [], students: 0 })).toBe('Nobody yet');
  });

  it('says what a publication did', () => {
    expect(publishedText({ version: 1, new_version: false, rescored: 0 })).toBe('Published: version 1.');
    expect(publishedText({ version: 3, new_version: true, rescored: 0 })).toBe('Published: students who start from now get version 3.');
    expect(publishedText({ version: 2, new_version: true, rescored: 2 })).toBe('Published: students who start from now get version 2; 2 submitted attempts were scored again.');
    expect(publishedText({ version: 2, new_version: true, rescored: 1 })).toContain('1 submitted attempt was scored again');
  });
});
