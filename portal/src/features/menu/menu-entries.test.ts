import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, homeTiles, visibleMenuEntries } from './menu-entries';

describe('menu entries', () => {
  it('keys each entry by its uppercase title with underscores', () => {
    expect(MENU_ENTRIES.map((item) => item.key)).toEqual([
      'DESK', 'TIMETABLE', 'STUDY_MATERIAL', 'HOMEWORK', 'ASSIGNMENT', 'VIDEO_LECTURE', 'ASSESSMENT',
      'RESULT', 'MARKSHEET', 'ATTENDANCE', 'MY_FEE', 'CERTIFICATE', 'TROUBLESHOOT', 'PROFILE', 'QUERY',
    ]);
  });
  it('shows every entry without config', () => {
    expect(visibleMenuEntries(undefined)).toHaveLength(15);
    expect(visibleMenuEntries({})).toHaveLength(15);
  });
  it('hides entries whose flag is off, in any written form', () => {
    const titles = visibleMenuEntries({ MY_FEE: false, CERTIFICATE: 'false', DESK: 0, ALLOW_CHANGE_PASSWORD: true }).map((item) => item.title);
    expect(titles).not.toContain('My Fee');
    expect(titles).not.toContain('Certificate');
    expect(titles).not.toContain('Desk');
    expect(titles).toContain('Assessment');
  });
  it('leaves Profile out of the home tiles', () => {
    expect(homeTiles({}).map((item) => item.title)).not.toContain('Profile');
    expect(homeTiles({})).toHaveLength(14);
  });
});
