import type { Kysely } from 'kysely';
import type { ImportFileInput, ImportSummary } from '@invigil/shared/api/test-import';
import { WEEKDAYS } from '@invigil/shared/api/portal-import';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import { addDays, instituteDay, weekdayOf } from '../platform/lib/institute-day';
import type { Logger } from '../platform/lib/logger';
import { PUBLIC_BLOB_PREFIX } from '../platform/storage/blob-routes';
import { importData, parseImportFile } from '../import/import-service';
import { DEMO_PDF } from './demo-tests';
import { demoCertificateSections } from './demo-certificates';
import { demoQuerySections } from './demo-queries';
import { demoStudyItems } from './demo-study';
import { demoFeeSections } from './demo-fees';

/** The demo's class, subjects and chapters: other features' tests and e2e specs name them. */
export const DEMO_CLASS_ID = 'demo-class-10a';
export const DEMO_CLASS_NAME = 'Class 10 - A';
export const DEMO_INSTITUTE = 'Invigil Demo Institute';
export const DEMO_SUBJECTS = {
  physics: { id: 'demo-physics', name: 'Physics', teacher: 'Dr. Anil Kumar' },
  chemistry: { id: 'demo-chemistry', name: 'Chemistry', teacher: 'Ms. Priya Nair' },
  mathematics: { id: 'demo-mathematics', name: 'Mathematics', teacher: 'Mr. Suresh Iyer' },
  english: { id: 'demo-english', name: 'English', teacher: 'Ms. Kavita Rao' },
  biology: { id: 'demo-biology', name: 'Biology', teacher: 'Dr. Meena Das' },
} as const;
type SubjectKey = keyof typeof DEMO_SUBJECTS;
export const DEMO_CHAPTERS = { lawsOfMotion: 'demo-laws-of-motion', chemicalReactions: 'demo-chemical-reactions' } as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const meeting = (subject: SubjectKey) => `https://meet.jit.si/InvigilDemo-Class10A-${DEMO_SUBJECTS[subject].name}`;

/** Monday to Saturday: five classes between 08:00 and 17:00, and a doubt-clearing class at 21:00. */
const WEEK: Record<number, SubjectKey[]> = {
  1: ['physics', 'mathematics', 'chemistry', 'english', 'biology', 'mathematics'],
  2: ['chemistry', 'physics', 'mathematics', 'biology', 'english', 'physics'],
  3: ['mathematics', 'english', 'physics', 'chemistry', 'biology', 'chemistry'],
  4: ['biology', 'chemistry', 'english', 'physics', 'mathematics', 'biology'],
  5: ['physics', 'biology', 'mathematics', 'english', 'chemistry', 'english'],
  6: ['english', 'mathematics', 'biology', 'physics', 'chemistry', 'mathematics'],
};
const DAY_TIMES: { slot: number; time: string; duration: number }[] = [
  { slot: 1, time: '08:00', duration: 45 },
  { slot: 2, time: '09:00', duration: 45 },
  { slot: 3, time: '10:30', duration: 60 },
  { slot: 4, time: '12:00', duration: 45 },
  { slot: 5, time: '15:00', duration: 60 },
  { slot: 6, time: '21:00', duration: 120 },
];

/** The schedule id of a day's slot: stable, so tests can find today's classes. */
export const demoScheduleId = (weekday: number, slot: number) => `demo-10a-${WEEKDAYS[weekday - 1]?.toLowerCase() ?? weekday}-${slot}`;

function schedules(today: string) {
  const todayWeekday = weekdayOf(today);
  const list: NonNullable<ImportFileInput['schedules']> = [];
  for (let weekday = 1; weekday <= 6; weekday += 1) {
    (WEEK[weekday] ?? []).forEach((subject, index) => {
      const at = DAY_TIMES[index];
      if (!at) return;
      list.push({
        id: demoScheduleId(weekday, at.slot),
        class_id: DEMO_CLASS_ID,
        subject_id: DEMO_SUBJECTS[subject].id,
        day: WEEKDAYS[weekday - 1] ?? 'Monday',
        slot: at.slot,
        time: at.time,
        duration: at.duration,
        teachers: [DEMO_SUBJECTS[subject].teacher],
        // Biology's classes have no meeting link: the live class page says so.
        meeting_url: subject === 'biology' ? null : meeting(subject),
        // Today's second class is canceled (whatever weekday the demo is seeded on).
        canceled: weekday === todayWeekday && at.slot === 2 ? [today] : [],
      });
    });
  }
  // Sunday: one revision class, a canceled one when today is Sunday, and the evening class.
  list.push(
    { id: demoScheduleId(7, 1), class_id: DEMO_CLASS_ID, subject_id: DEMO_SUBJECTS.physics.id, day: 'Sunday', slot: 1, time: '10:00', duration: 90, teachers: [DEMO_SUBJECTS.physics.teacher, DEMO_SUBJECTS.mathematics.teacher], meeting_url: meeting('physics'), canceled: [] },
    { id: demoScheduleId(7, 2), class_id: DEMO_CLASS_ID, subject_id: DEMO_SUBJECTS.chemistry.id, day: 'Sunday', slot: 2, time: '12:00', duration: 45, teachers: [DEMO_SUBJECTS.chemistry.teacher], meeting_url: meeting('chemistry'), canceled: todayWeekday === 7 ? [today] : [] },
    { id: demoScheduleId(7, 6), class_id: DEMO_CLASS_ID, subject_id: DEMO_SUBJECTS.mathematics.id, day: 'Sunday', slot: 6, time: '21:00', duration: 120, teachers: [DEMO_SUBJECTS.mathematics.teacher], meeting_url: meeting('mathematics'), canceled: [] },
  );
  return list;
}

/**
 * Asha's attendance over the 40 days before today: mostly present, with absent, late, half_day
 * and leave days near today (so this month likely shows them) and a few days without a record
 * (shown A). Sundays have none.
 */
const ASHA_PATTERN: Record<number, 'absent' | 'late' | 'half_day' | 'leave' | null> = {
  1: 'absent', 2: 'late', 4: 'leave', 6: 'half_day', 8: null, 9: 'absent', 12: 'late', 16: 'absent', 19: null, 22: 'leave', 25: 'late', 28: 'absent', 31: 'half_day',
};

function attendance(today: string) {
  const records: NonNullable<ImportFileInput['attendance']> = [];
  let k = 0;
  for (let back = 1; back <= 40; back += 1) {
    const date = addDays(today, -back);
    if (weekdayOf(date) === 7) continue;
    const kind = k in ASHA_PATTERN ? ASHA_PATTERN[k] : 'present';
    if (kind) records.push({ reg_no: 'DEMO001', date, attendance: kind });
    if (k < 6) records.push({ reg_no: 'DEMO002', date, attendance: k === 3 ? 'late' : 'present' });
    k += 1;
  }
  return records;
}

const p = (text: string) => `<p>${text}</p>`;

/**
 * The demo's portal data as an import file, dated around `now` in `timeZone`: the class and its
 * subjects, Asha's and Rohan's profiles, the week's classes (one of today's canceled), attendance,
 * notifications and notices (some read), motivations, chapter notes with Asha's bookmarks, her
 * todos and purchases. Rohan has a little of it and no todos or bookmarks (tests change his freely).
 */
export function demoPortalImportFile(now: number, timeZone: string): ImportFileInput {
  const today = instituteDay(now, timeZone).date;
  const pdfUrl = `${PUBLIC_BLOB_PREFIX}/${DEMO_PDF}`;
  return {
    version: 1,
    subjects: Object.values(DEMO_SUBJECTS).map((subject) => ({ id: subject.id, name: subject.name })),
    classes: [
      {
        id: DEMO_CLASS_ID,
        name: DEMO_CLASS_NAME,
        subjects: Object.values(DEMO_SUBJECTS).map((subject) => ({ subject_id: subject.id, teachers: [subject.teacher] })),
      },
    ],
    profiles: [
      { reg_no: 'DEMO001', class_id: DEMO_CLASS_ID, address: '12 MG Road, Indiranagar', institute: DEMO_INSTITUTE, city: 'Bengaluru' },
      { reg_no: 'DEMO002', class_id: DEMO_CLASS_ID, address: '', institute: DEMO_INSTITUTE, city: 'Pune' },
    ],
    schedules: schedules(today),
    attendance: attendance(today),
    notifications: [
      { id: 'demo-notification-exam', title: 'Physics test on Friday', content: 'The unit test on Laws of Motion opens on Friday at 10:00. Revise chapters 1 to 3.', audience: 'all', created_at: iso(now - 2 * HOUR), push: false },
      { id: 'demo-notification-class', title: 'Class 10 - A: extra Mathematics class', content: 'An extra Mathematics class is held this evening at 21:00. Join from the timetable.', audience: 'class', class_id: DEMO_CLASS_ID, created_at: iso(now - 5 * HOUR), push: false },
      { id: 'demo-notification-formula', title: 'Your formula sheet', content: 'Asha, here is the formula sheet you asked for.', attachments: [pdfUrl], audience: 'student', reg_no: 'DEMO001', created_at: iso(now - 30 * 60 * 1000), push: false },
      { id: 'demo-notification-holiday', title: 'Holiday on Monday', content: 'The institute is closed next Monday for the festival.', audience: 'all', created_at: iso(now - 3 * DAY), read_by: ['DEMO001'], push: false },
      { id: 'demo-notification-fee', title: 'Fee receipt received', content: 'We received your fee receipt. Thank you.', audience: 'student', reg_no: 'DEMO001', created_at: iso(now - 5 * DAY), read_by: ['DEMO001'], push: false },
      { id: 'demo-notification-rohan', title: 'Assignment reminder', content: 'Rohan, please submit the Chemistry assignment by Thursday.', audience: 'student', reg_no: 'DEMO002', created_at: iso(now - 1 * DAY), push: false },
    ],
    notices: [
      { id: 'demo-notice-ptm', title: 'Parent-teacher meeting', content: 'The parent-teacher meeting is on Saturday at 11:00 in the main hall.', audience: 'all', created_at: iso(now - 1 * DAY) },
      { id: 'demo-notice-lab', title: 'Chemistry lab coats', content: 'Bring your lab coat to every Chemistry practical from next week.', audience: 'class', class_id: DEMO_CLASS_ID, created_at: iso(now - 2 * DAY) },
      { id: 'demo-notice-library', title: 'Library hours', content: 'The library is open from 08:00 to 19:00 on weekdays.', audience: 'all', created_at: iso(now - 6 * DAY), read_by: ['DEMO001'] },
    ],
    motivations: [
      { id: 'demo-motivation-1', content: 'Small steps every day add up to big results.', created_at: iso(now - 2 * DAY) },
      { id: 'demo-motivation-2', content: 'Mistakes are proof that you are trying.', created_at: iso(now - 1 * DAY) },
    ],
    chapter_notes: [
      {
        chapter_id: DEMO_CHAPTERS.lawsOfMotion,
        subject_name: 'Physics',
        chapter_name: 'Laws of Motion',
        topics: [
          {
            id: 'first-law',
            name: "Newton's First Law",
            content: p('A body stays at rest, or keeps moving in a straight line at constant speed, unless a net external force acts on it. This property is called <strong>inertia</strong>.'),
          },
          {
            id: 'second-law',
            name: "Newton's Second Law",
            content: p('The rate of change of momentum of a body equals the net force on it: <em>F = m a</em>.'),
            subtopics: [
              { id: 'momentum', name: 'Momentum', content: p('Momentum <em>p = m v</em> is a vector in the direction of the velocity. Its SI unit is kg m/s.') },
              { id: 'unit-of-force', name: 'The newton', content: p('One newton is the force that gives a mass of 1 kg an acceleration of 1 m/s<sup>2</sup>.') },
            ],
          },
          {
            id: 'third-law',
            name: "Newton's Third Law",
            content: p('To every action there is an equal and opposite reaction. The two forces act on <strong>different</strong> bodies.'),
          },
        ],
      },
      {
        chapter_id: DEMO_CHAPTERS.chemicalReactions,
        subject_name: 'Chemistry',
        chapter_name: 'Chemical Reactions',
        topics: [
          {
            id: 'types-of-reactions',
            name: 'Types of reactions',
            content: p('Reactions are grouped by what happens to the reactants.'),
            subtopics: [
              { id: 'combination', name: 'Combination', content: p('Two or more substances form one product: 2H<sub>2</sub> + O<sub>2</sub> → 2H<sub>2</sub>O.') },
              { id: 'decomposition', name: 'Decomposition', content: p('One substance breaks into two or more: CaCO<sub>3</sub> → CaO + CO<sub>2</sub>.') },
            ],
          },
          { id: 'balancing-equations', name: 'Balancing equations', content: p('The number of atoms of each element is the same on both sides of a balanced equation.') },
        ],
      },
    ],
    bookmarks: [
      { id: 'demo-bookmark-1', reg_no: 'DEMO001', chapter_id: DEMO_CHAPTERS.lawsOfMotion, topic_id: 'first-law', created_at: iso(now - 4 * DAY) },
      { id: 'demo-bookmark-2', reg_no: 'DEMO001', chapter_id: DEMO_CHAPTERS.lawsOfMotion, topic_id: 'second-law', subtopic_id: 'momentum', created_at: iso(now - 3 * DAY) },
      { id: 'demo-bookmark-3', reg_no: 'DEMO001', chapter_id: DEMO_CHAPTERS.chemicalReactions, topic_id: 'types-of-reactions', subtopic_id: 'decomposition', created_at: iso(now - 1 * DAY) },
    ],
    todos: [
      { id: 'demo-todo-1', reg_no: 'DEMO001', text: 'Revise Laws of Motion', done: false, created_at: iso(now - 3 * DAY) },
      { id: 'demo-todo-2', reg_no: 'DEMO001', text: 'Finish the Chemistry worksheet', done: true, created_at: iso(now - 2 * DAY) },
      { id: 'demo-todo-3', reg_no: 'DEMO001', text: 'Practise 10 algebra problems', done: false, created_at: iso(now - 1 * DAY) },
    ],
    purchases: [
      { id: 'demo-purchase-1', reg_no: 'DEMO001', meritpoints: 100, amount_paise: 9_900, created_at: iso(now - 20 * DAY) },
      { id: 'demo-purchase-2', reg_no: 'DEMO001', meritpoints: 50, amount_paise: 4_900, created_at: iso(now - 5 * DAY) },
    ],
    ...demoCertificateSections(now),
    ...demoQuerySections(now, DEMO_SUBJECTS.physics.id),
    study_items: demoStudyItems(now, DEMO_CLASS_ID),
    ...demoFeeSections(today),
  };
}

/**
 * The demo's portal data, after the demo students and tests, through the import code path. Call
 * only right after seedDemoData seeded an empty database.
 */
export async function seedDemoPortal(db: Kysely<Database>, clock: Clock, timeZone: string, logger: Logger): Promise<ImportSummary> {
  return importData(db, parseImportFile(demoPortalImportFile(clock.now(), timeZone)), clock, logger);
}
