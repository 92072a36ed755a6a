import { describe, expect, it } from 'vitest';
import { isFlagOff, isPageOffMessage, MENU_KEYS, MENU_PAGES, pageOffMessage, STUDY_TYPE_PAGES } from './menu-flags';
import { STUDY_TYPES } from '../api/study-messages';

describe('menu flags', () => {
  it('keys each menu page by its title in uppercase with underscores; MENU_KEYS names the same fifteen', () => {
    expect(MENU_PAGES.map((entry) => entry.key)).toEqual(['DESK', 'TIMETABLE', 'STUDY_MATERIAL', 'HOMEWORK', 'ASSIGNMENT', 'VIDEO_LECTURE', 'ASSESSMENT', 'RESULT', 'MARKSHEET', 'ATTENDANCE', 'MY_FEE', 'CERTIFICATE', 'TROUBLESHOOT', 'PROFILE', 'QUERY']);
    expect(Object.values(MENU_KEYS).sort()).toEqual(MENU_PAGES.map((entry) => entry.key).sort());
    expect(STUDY_TYPES.map((type) => STUDY_TYPE_PAGES[type])).toEqual(['ASSIGNMENT', 'HOMEWORK', 'STUDY_MATERIAL', 'VIDEO_LECTURE']);
  });

  it('turns a page off only on an explicit false, as institutes write it', () => {
    for (const off of [false, 'false', 0, '0']) expect(isFlagOff({ DESK: off }, 'DESK')).toBe(true);
    for (const on of [true, 'true', 1, '1', 'FALSE', 'no', '']) expect(isFlagOff({ DESK: on }, 'DESK')).toBe(false);
    expect(isFlagOff(null, 'DESK')).toBe(false);
    expect(isFlagOff({ OTHER: false }, 'DESK')).toBe(false);
  });

  it('says which page is off, and knows its own sentence', () => {
    expect(pageOffMessage(MENU_KEYS.myFee)).toBe('My Fee is turned off for your account by your institute.');
    expect(pageOffMessage(MENU_KEYS.videoLecture)).toBe('Video Lecture is turned off for your account by your institute.');
    for (const entry of MENU_PAGES) expect(isPageOffMessage(`${entry.title} is turned off for your account by your institute.`)).toBe(true);
    expect(isPageOffMessage('Log in required!')).toBe(false);
    expect(isPageOffMessage(undefined)).toBe(false);
  });
});
