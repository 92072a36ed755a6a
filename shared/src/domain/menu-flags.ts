/**
 * The menu's pages and the user-config flags that turn them off (student-portal.md section 2,
 * Menu and top bar; docs/decisions/0003-menu-flags-and-home.md). One definition for the portal
 * (which hides the entries and shows a 'turned off' page) and the server (which refuses the
 * pages' API calls with a 403).
 */

/** A user's config: keys written by institutes, values true/false, numbers or strings. */
export type ConfigFlags = Readonly<Record<string, boolean | number | string>>;

/** An explicit false ('false', 0, '0') switches a default-on thing off; anything else (or no key) leaves it on. */
export function isFlagOff(config: ConfigFlags | null | undefined, key: string): boolean {
  const value = config?.[key];
  return value === false || value === 0 || value === 'false' || value === '0';
}

/** The flag of a menu title: the title in uppercase with underscores ('My Fee' -> 'MY_FEE'). */
export const menuKeyOf = (title: string): string => title.toUpperCase().replace(/\s+/g, '_');

export interface MenuPage {
  title: string;
  href: string;
  /** The config flag: the title in uppercase with underscores. */
  key: string;
}

const page = (title: string, href: string): MenuPage => ({ title, href, key: menuKeyOf(title) });

/** The menu of the spec, in its order. */
export const MENU_PAGES: readonly MenuPage[] = [
  page('Desk', '/desk'),
  page('Timetable', '/timetable'),
  page('Study Material', '/study?type=material'),
  page('Homework', '/homework'),
  page('Assignment', '/assignment'),
  page('Video Lecture', '/video-lecture'),
  page('Assessment', '/test'),
  page('Result', '/test-results'),
  page('Marksheet', '/marksheet'),
  page('Attendance', '/attendance'),
  page('My Fee', '/fee-list'),
  page('Certificate', '/certificates'),
  page('Troubleshoot', '/troubleshoot'),
  page('Profile', '/profile'),
  page('Query', '/queries'),
];

/** The menu keys: 'DESK', 'TIMETABLE', ... 'QUERY'. */
export const MENU_KEYS = {
  desk: 'DESK',
  timetable: 'TIMETABLE',
  studyMaterial: 'STUDY_MATERIAL',
  homework: 'HOMEWORK',
  assignment: 'ASSIGNMENT',
  videoLecture: 'VIDEO_LECTURE',
  assessment: 'ASSESSMENT',
  result: 'RESULT',
  marksheet: 'MARKSHEET',
  attendance: 'ATTENDANCE',
  myFee: 'MY_FEE',
  certificate: 'CERTIFICATE',
  troubleshoot: 'TROUBLESHOOT',
  profile: 'PROFILE',
  query: 'QUERY',
} as const;
export type MenuKey = (typeof MENU_KEYS)[keyof typeof MENU_KEYS];

/** Is this menu page turned off for a user with this config? */
export function isPageOff(config: ConfigFlags | null | undefined, key: MenuKey): boolean {
  return isFlagOff(config, key);
}

/** Study items' pages by type ('material' is the menu's Study Material); the study screen and its calls serve all four. */
export const STUDY_TYPE_PAGES = {
  material: MENU_KEYS.studyMaterial,
  homework: MENU_KEYS.homework,
  assignment: MENU_KEYS.assignment,
  'video-lecture': MENU_KEYS.videoLecture,
} as const satisfies Record<string, MenuKey>;

const titleOf = (key: string): string => MENU_PAGES.find((entry) => entry.key === key)?.title ?? key;

const PAGE_OFF_TAIL = ' is turned off for your account by your institute.';

/** What the server's 403 and the portal's page say: 'My Fee is turned off for your account by your institute.' */
export function pageOffMessage(key: MenuKey): string {
  return `${titleOf(key)}${PAGE_OFF_TAIL}`;
}

/** Is this a 403's page-off message (the portal then re-reads the user's config)? */
export function isPageOffMessage(message: unknown): boolean {
  return typeof message === 'string' && MENU_PAGES.some((entry) => message === `${entry.title}${PAGE_OFF_TAIL}`);
}
