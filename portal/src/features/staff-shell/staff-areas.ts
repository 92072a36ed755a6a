import type { StaffRole } from '@invigil/shared/api/staff';
import { roleAllows } from '../staff-auth/staff-roles';

/** A screen of the staff side as the navigation and Staff Home list it. */
export interface StaffArea {
  label: string;
  href: string;
  /** The roles that may open it (an admin may open every one). */
  roles: readonly StaffRole[];
  /** What it is for, on Staff Home's card (Home itself has none). */
  description?: string;
}

export const ALL_STAFF_ROLES: readonly StaffRole[] = ['admin', 'teacher', 'proctor'];

/**
 * The staff side's screens, in the navigation's order (issue 28: Home, Students, Classes,
 * Question bank, Tests, Live console, Staff; issue 29 adds Grading, Results and Proctoring review; issue 30 the everyday institute). Only screens that exist are listed: each new one
 * adds its entry here, and its route's layout names the same roles.
 */
export const STAFF_AREAS: readonly StaffArea[] = [
  { label: 'Home', href: '/staff', roles: ALL_STAFF_ROLES },
  { label: 'Students', href: '/staff/students', roles: ['teacher'], description: 'Find a student, edit their details and settings, disable an account, reset a password or send a one-time code; upload a spreadsheet of students.' },
  { label: 'Classes', href: '/staff/classes', roles: ['teacher'], description: 'The classes and how many students each has; create, rename, and move students between classes.' },
  { label: 'Timetable', href: '/staff/timetable', roles: ['teacher'], description: 'Each class\'s week: add, move or change a class, its meeting link or video room; cancel one day\'s class. Students see the change at once.' },
  { label: 'Attendance', href: '/staff/attendance', roles: ['teacher'], description: 'Take a class\'s attendance for a day in a few key presses: everyone present unless marked absent or late; correct a past day with a reason.' },
  { label: 'Study material', href: '/staff/study', roles: ['teacher'], description: 'Publish material, home work, assignments and video lectures with attachments to a class; see who submitted what, grade and publish the scores.' },
  { label: 'Question bank', href: '/staff/bank', roles: ['teacher'], description: 'Questions stored once and used by many tests: search, add and edit with a live preview, import from Moodle XML, GIFT or a spreadsheet, export to Moodle XML.' },
  { label: 'Tests', href: '/staff/tests', roles: ['teacher'], description: 'Make and edit tests: parts, sections and questions from the bank or written in place, timing, schedule, proctoring settings and who writes them; preview as a student and publish.' },
  { label: 'Grading', href: '/staff/grading', roles: ['teacher'], description: 'Grade typed answers, photos, answer sheets and recordings one at a time with a rubric and the keyboard; regrade with history; answer students\' reports of a question.' },
  { label: 'Results', href: '/staff/results', roles: ['teacher'], description: 'Every attempt of a test with its score, parts and flags, exported to CSV or XLSX; item analysis and wrong keys; re-key or drop a question; marksheets; release the review.' },
  { label: 'Proctoring review', href: '/staff/review', roles: ['proctor'], description: 'Attempts whose proctoring needs a look, most pressing first: the trail with its evidence, each flag cleared or confirmed, and a decision on the attempt.' },
  { label: 'Live console', href: '/proctor', roles: ['proctor'], description: 'Watch the tests you proctor as they run: who is online, their warnings and trail; chat, warn, pause or extend.' },
  { label: 'Notices', href: '/staff/notices', roles: ['teacher'], description: 'Write a notice or notification to everyone, a class or a student, preview it and send it to their browsers; see how many have read it.' },
  { label: 'Queries', href: '/staff/queries', roles: ['teacher'], description: 'Students\' questions by type and age: reply with an attachment and close them.' },
  { label: 'Fees', href: '/staff/fees', roles: ['admin'], description: 'Fee heads, due dates and fines for a class or a student; verify uploaded receipts; online payments, failures and refunds owed; reconcile and export.' },
  { label: 'Certificates', href: '/staff/certificates', roles: ['admin'], description: 'Paid certificate requests: upload the PDF to deliver it, or reject it with a reason and the refund owed.' },
  { label: 'Staff', href: '/staff/accounts', roles: ['admin'], description: 'Add staff, change their role, disable an account, reset a password, and assign teachers to classes and subjects and proctors to tests.' },
  { label: 'Audit log', href: '/staff/audit', roles: ['admin'], description: 'Every change made by staff: who, what and when, with the record before and after; by person or by record.' },
];

/** The screens a role may open, in the navigation's order. */
export function areasFor(role: StaffRole): StaffArea[] {
  return STAFF_AREAS.filter((area) => roleAllows(role, area.roles));
}

/** The area a path belongs to (the longest matching href), for the navigation's current page. */
export function currentArea(pathname: string): StaffArea | undefined {
  return [...STAFF_AREAS]
    .sort((a, b) => b.href.length - a.href.length)
    .find((area) => pathname === area.href || pathname.startsWith(`${area.href}/`));
}
