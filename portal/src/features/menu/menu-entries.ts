import type { UserConfig } from '@invigil/shared/api/auth';
import { isFlagOff } from '../auth/token';

export interface MenuEntry {
  title: string;
  href: string;
  /** The config flag: the title in uppercase with underscores ('My Fee' -> 'MY_FEE'). */
  key: string;
}

const entry = (title: string, href: string): MenuEntry => ({
  title,
  href,
  key: title.toUpperCase().replace(/\s+/g, '_'),
});

/** The menu of the spec, in its order (student-portal.md section 2, Menu and top bar). */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  entry('Desk', '/desk'),
  entry('Timetable', '/timetable'),
  entry('Study Material', '/study?type=material'),
  entry('Homework', '/homework'),
  entry('Assignment', '/assignment'),
  entry('Video Lecture', '/video-lecture'),
  entry('Assessment', '/test'),
  entry('Result', '/test-results'),
  entry('Marksheet', '/marksheet'),
  entry('Attendance', '/attendance'),
  entry('My Fee', '/fee-list'),
  entry('Certificate', '/certificates'),
  entry('Troubleshoot', '/troubleshoot'),
  entry('Profile', '/profile'),
  entry('Query', '/queries'),
];

/**
 * Entries the user's config lets them see. With no config all entries show; an entry hides
 * when its flag is explicitly off (false, 'false', 0), so unrelated keys never hide the menu.
 * See docs/decisions/0003-menu-flags.md.
 */
export function visibleMenuEntries(config: UserConfig | null | undefined): MenuEntry[] {
  return MENU_ENTRIES.filter((item) => !isFlagOff(config, item.key));
}

/** Home tiles: the visible entries without Profile (it lives in the account menu). */
export function homeTiles(config: UserConfig | null | undefined): MenuEntry[] {
  return visibleMenuEntries(config).filter((item) => item.key !== 'PROFILE');
}
