import { type ComponentType, createElement, lazy, useState } from 'react';
import type { MenuKey } from '@invigil/shared/domain/menu-flags';
import type { ScreenProps } from '../lib/screen-props';

/** A route's screen: loaded on first use, or earlier with `preload` (the app's start). */
export type RouteScreen = ComponentType<ScreenProps> & { preload: () => Promise<unknown> };

export interface RouteMeta {
  path: string;
  /** The page title (spec: set from the route's metadata). */
  title: string;
  /** Routes the spec marks as needing no login. */
  skipAuth?: boolean;
  /**
   * The menu page the route belongs to: when the user's config turns it off the guard shows that
   * instead of the screen ('study': the study screen, whose page is its type's; guard.ts).
   */
  page?: MenuKey | 'study';
  /** A test-in route: leaving it is cancelled while a test runs. */
  testIn?: boolean;
  /** The screen sets the title of each of its pages (the staff side's one route). */
  ownTitle?: boolean;
  screen: RouteScreen;
  /**
   * The GETs the screen makes first (`:name` from the path, an optional `?query`): started at the
   * app's start, beside the screen's code, when the portal opens on this route.
   */
  data?: readonly string[];
  /**
   * Screens this one leads to, loaded once it shows: the test page from the instructions, so that
   * Start's 0.5 s wait covers its code and the first question is not held behind React's
   * fallback (up to 300 ms).
   */
  next?: readonly RouteScreen[];
}

/** Spec section 9: lazy screen loading has a 120 s timeout. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

function screen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): RouteScreen {
  let loaded: ComponentType<ScreenProps> | null = null;
  let loading: Promise<{ default: ComponentType<ScreenProps> }> | null = null;
  const start = () => {
    loading ??= new Promise<{ default: ComponentType<ScreenProps> }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Please check your internet connection!')), SCREEN_LOAD_TIMEOUT_MS);
      load().then(
        (module) => { clearTimeout(timer); loaded = module.default; resolve(module); },
        (error: unknown) => { clearTimeout(timer); loading = null; reject(error instanceof Error ? error : new Error(String(error))); },
      );
    });
    return loading;
  };
  const Lazy = lazy(start);
  // A screen already loaded (its chunks named in the page the server sent, and loaded while
  // the entry ran) renders at once: through lazy it would still suspend once, and React holds
  // a revealed fallback for up to 300 ms. Chosen once per mount: switching from Lazy to the
  // loaded component later would remount the screen and lose its state.
  const Screen = (props: ScreenProps) => {
    const [component] = useState<ComponentType<ScreenProps>>(() => loaded ?? Lazy);
    return createElement(component, props);
  };
  return Object.assign(Screen, { preload: start });
}

const Home = screen(() => import('../features/home/home-page'));
const Login = screen(() => import('../features/auth/login-page'));
const ChangePassword = screen(() => import('../features/auth/change-password-page'));
const Desk = screen(() => import('../features/desk/desk-page'));
const ScheduledTests = screen(() => import('../features/tests/scheduled-tests-page'));
const ReadyCheck = screen(() => import('../features/tests/ready-check-page'));
const Instruction = screen(() => import('../features/tests/instruction-page'));
const Study = screen(() => import('../features/study/study-page'));
// One screen for both test-in routes: loaded once, whichever the start goes to.
const TestIn = screen(() => import('../features/attempt/test-in-page'));
// One sign-in for every staff role, the console's address included.
const StaffLogin = screen(() => import('../features/staff-auth/staff-login-page'));


/** The route table of student-portal.md section 2 and tests-and-assessments.md section 2. */
export const ROUTES: readonly RouteMeta[] = [
  // Home shows the Student Login button to a signed-out visitor (spec: Home, logged out).
  { path: '/', title: 'Institute Management System', screen: Home, skipAuth: true },
  { path: '/auth', title: 'Institute Management System', screen: Home, skipAuth: true },
  { path: '/auth/login', title: 'Login', screen: Login, skipAuth: true },
  { path: '/password/change', title: 'Change Password', screen: ChangePassword },
  { path: '/desk', page: 'DESK', title: 'Desk', screen: Desk, data: ['/desk', '/attendances/stat', '/live-class'] },
  { path: '/dashboard/desk', page: 'DESK', title: 'Desk', screen: Desk, data: ['/desk', '/attendances/stat', '/live-class'] },
  // A bookmark opens its chapter's notes at the topic (query topic, subtopic).
  { path: '/notes/:subject/:chapter/:chapterId', title: 'Notes', screen: screen(() => import('../features/notes/notes-page')), data: ['/notes/:chapterId'] },
  { path: '/timetable', page: 'TIMETABLE', title: 'Timetable', screen: screen(() => import('../features/timetable/timetable-page')), data: ['/live-class'] },
  // JOIN opens it in a new window with the class id, its date and the API endpoint.
  { path: '/live-class/:id', page: 'TIMETABLE', title: 'Live Class', screen: screen(() => import('../features/timetable/live-class-page')) },
  // One screen for the four: the route (or the type query) chooses the type (features/study/study-route.ts).
  { path: '/study', page: 'study', title: 'Study Material', screen: Study, data: ['/study-material/list/authorwise'] },
  { path: '/study/:subject_id', page: 'study', title: 'Study Material', screen: screen(() => import('../features/study/study-subject-page')) },
  { path: '/assignment', page: 'study', title: 'Assignment', screen: Study },
  { path: '/homework', page: 'study', title: 'Homework', screen: Study },
  { path: '/video-lecture', page: 'study', title: 'Video Lecture', screen: Study },
  { path: '/attendance', page: 'ATTENDANCE', title: 'Attendance', screen: screen(() => import('../features/attendance/attendance-page')), data: ['/attendances/stat'] },
  { path: '/certificates', page: 'CERTIFICATE', title: 'Certificates', screen: screen(() => import('../features/certificates/certificates-page')), data: ['/certificate-requests'] },
  { path: '/certificate-request', page: 'CERTIFICATE', title: 'Certificate Request', screen: screen(() => import('../features/certificates/certificate-request-page')), data: ['/certificate-request-types'] },
  { path: '/fee-list', page: 'MY_FEE', title: 'My Fees', screen: screen(() => import('../features/fees/fee-list-page')), data: ['/fee-list'] },
  { path: '/query-new', page: 'QUERY', title: 'New Query', screen: screen(() => import('../features/queries/new-query-page')), data: ['/query-types', '/subjects'] },
  { path: '/queries', page: 'QUERY', title: 'Queries', screen: screen(() => import('../features/queries/queries-page')), data: ['/queries'] },
  { path: '/queries/:id', page: 'QUERY', title: 'Query', screen: screen(() => import('../features/queries/query-page')), data: ['/query/:id'] },
  { path: '/troubleshoot', page: 'TROUBLESHOOT', title: 'Troubleshoot', screen: screen(() => import('../features/troubleshoot/troubleshoot-page')) },
  { path: '/troubleshoot/capture-image', page: 'TROUBLESHOOT', title: 'Capture Image', screen: screen(() => import('../features/troubleshoot/capture-image-page')) },
  { path: '/troubleshoot/guide/:topic', page: 'TROUBLESHOOT', title: 'Troubleshoot', screen: screen(() => import('../features/troubleshoot/guide-page')) },
  { path: '/profile', page: 'PROFILE', title: 'Profile', screen: screen(() => import('../features/profile/profile-page')), data: ['/user/profile'] },
  { path: '/test', page: 'ASSESSMENT', title: 'Scheduled Tests', screen: ScheduledTests, data: ['/test/list'] },
  // The test detail page's breadcrumb: the student's tests by series.
  { path: '/mock-test', page: 'ASSESSMENT', title: 'Mock Test', screen: screen(() => import('../features/mock-test/mock-test-page')), data: ['/test/mock-tests'] },
  { path: '/test-results', page: 'RESULT', title: 'Results', screen: screen(() => import('../features/results/results-page')), data: ['/test/myresults?page=1'] },
  { path: '/test-submitted', title: 'Test Submitted', screen: screen(() => import('../features/submitted/submitted-page')), skipAuth: true },
  { path: '/test/:id', page: 'ASSESSMENT', title: 'Test', screen: screen(() => import('../features/test-detail/test-detail-page')), data: ['/test/get/:id'] },
  { path: '/test/:id/in', title: 'Test', screen: TestIn, testIn: true },
  { path: '/test/:id/test-in-partwise', title: 'Test', screen: TestIn, testIn: true },
  { path: '/test/:id/dashboard', page: 'ASSESSMENT', title: 'Test Dashboard', screen: screen(() => import('../features/test-detail/test-detail-page')), data: ['/test/get/:id'] },
  { path: '/test/:id/instruction', title: 'Instructions', screen: Instruction, data: ['/test/instruction/:id'], next: [TestIn] },
  { path: '/test/:id/ready-check', title: 'Device Check', screen: ReadyCheck },
  { path: '/test/:id/result', page: 'RESULT', title: 'Result', screen: screen(() => import('../features/results/result-page')), data: ['/test/out/:id'] },
  { path: '/test/:id/review', page: 'RESULT', title: 'Review', screen: screen(() => import('../features/review/review-page')), data: ['/test/out/:id'] },
  { path: '/chapter-test/:ids/instruction', title: 'Chapter Test', screen: screen(() => import('../features/tests/chapter-instruction-page')), next: [TestIn] },
  { path: '/marksheet', page: 'MARKSHEET', title: 'Marksheet', screen: screen(() => import('../features/marksheet/marksheet-list-page')), data: ['/marksheets?page=1'] },
  { path: '/marksheet/:id', page: 'MARKSHEET', title: 'Marksheet', screen: screen(() => import('../features/marksheet/marksheet-page')), data: ['/marksheets/:id'] },
  { path: '/answer-sheet', title: 'Answer Sheet', screen: screen(() => import('../features/answer-sheet/answer-sheet-list-page')), data: ['/test/attempted-list'] },
  { path: '/answer-sheet/:id', title: 'Answer Sheet', screen: screen(() => import('../features/answer-sheet/answer-sheet-page')), data: ['/test/answer/:id'] },
  // The proctor console (issue 12), signed in with the staff sign-in and session (issue 28): the student's guard lets it pass.
  { path: '/proctor/login', title: 'Staff Login', screen: StaffLogin, skipAuth: true },
  { path: '/proctor', title: 'Proctor Console', screen: screen(() => import('../features/proctor-console/proctor-tests-page')), skipAuth: true },
  { path: '/proctor/test/:id', title: 'Proctor Console', screen: screen(() => import('../features/proctor-console/proctor-test-page')), skipAuth: true },
  // The staff side (issue 28): its own sign-in, session, guard and pages (features/staff-shell/staff-routes.ts),
  // one route here so that no student route's JavaScript grows with it; the student's guard lets it pass.
  { path: '/staff/*?', title: 'Staff', screen: screen(() => import('../features/staff-shell/staff-app')), skipAuth: true, ownTitle: true },
];

export const NOT_FOUND: RouteMeta = {
  path: '*',
  title: 'Page not found',
  screen: screen(() => import('../features/unavailable/not-found-page')),
};
