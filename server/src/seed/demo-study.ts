import type { ImportFileInput } from '@invigil/shared/api/test-import';
import { PUBLIC_BLOB_PREFIX } from '../platform/storage/blob-routes';
import { DEMO_PDF } from './demo-tests';

/**
 * The demo's study material (issue 11): Physics has more than 10 items of every type from its
 * teacher (an open assignment with a due date and max marks, a scored one, home work, material,
 * video lectures) and one from a lab instructor, so the subject cards are author-wise; the other
 * subjects have a few. Everything is for the demo class, so Asha and Rohan see the same items;
 * their files are their own (e2e specs upload as Rohan). Scores are published for two items.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** Ids e2e specs and tests name. */
export const DEMO_STUDY = {
  openAssignment: 'demo-study-physics-assignment-1',
  scoredAssignment: 'demo-study-physics-assignment-2',
  videoLecture: 'demo-study-physics-video-1',
} as const;

const PHYSICS = { subject_id: 'demo-physics', author_id: 'demo-teacher-anil', author_name: 'Dr. Anil Kumar' };
const LAB = { subject_id: 'demo-physics', author_id: 'demo-teacher-ritu', author_name: 'Ms. Ritu Sharma' };

type StudyItems = NonNullable<ImportFileInput['study_items']>;

export function demoStudyItems(now: number, classId: string): StudyItems {
  const pdf = { name: 'Formula sheet.pdf', url: `${PUBLIC_BLOB_PREFIX}/${DEMO_PDF}`, type: 'pdf' };
  // The portal serves these recordings itself (portal/public/troubleshoot): nothing comes from elsewhere.
  const video = (name: string, file: string) => ({ name, url: `/troubleshoot/${file}.webm`, type: 'video' });
  const at = (days: number) => iso(now + days * DAY);
  return [
    {
      id: DEMO_STUDY.openAssignment, ...PHYSICS, class_id: classId, type: 'assignment',
      title: 'Laws of Motion: problem set 1',
      description: 'Solve the ten problems on the formula sheet. Upload a photo or a PDF of your working.',
      due_date: at(5), max_marks: 20, published_at: at(-1), attachments: [pdf],
    },
    {
      id: DEMO_STUDY.scoredAssignment, ...PHYSICS, class_id: classId, type: 'assignment',
      title: 'Friction worksheet',
      description: 'Static and kinetic friction: questions 1 to 8.',
      due_date: at(-3), max_marks: 10, published_at: at(-9), result_published: true,
      scores: [{ reg_no: 'DEMO001', score: 8.5 }, { reg_no: 'DEMO002', score: 7 }],
    },
    {
      id: 'demo-study-physics-assignment-3', ...PHYSICS, class_id: classId, type: 'assignment',
      title: 'Projectile motion', description: 'Range, height and time of flight for the five cases given.',
      due_date: at(10), max_marks: 25, published_at: at(-2),
    },
    {
      id: 'demo-study-physics-homework-1', ...PHYSICS, class_id: classId, type: 'homework',
      title: 'Read chapter 3 and answer questions 1 to 5', description: 'Short answers, in your own words.',
      due_date: at(1), max_marks: 10, published_at: at(-3),
    },
    {
      id: 'demo-study-physics-homework-2', ...PHYSICS, class_id: classId, type: 'homework',
      title: 'Numericals on momentum', description: 'The eight numericals at the end of the chapter.',
      due_date: at(3), max_marks: 15, published_at: at(-4),
    },
    {
      id: 'demo-study-physics-homework-3', ...PHYSICS, class_id: classId, type: 'homework',
      title: 'Free-body diagrams', description: 'Draw the free-body diagram of each of the six situations.',
      due_date: at(-6), max_marks: 12, published_at: at(-12), result_published: true,
      scores: [{ reg_no: 'DEMO001', score: 11 }],
    },
    {
      id: 'demo-study-physics-material-1', ...PHYSICS, class_id: classId, type: 'material',
      title: 'Formula sheet: kinematics', description: 'Every formula of the chapter on one page.',
      published_at: at(-5), attachments: [pdf],
    },
    {
      id: 'demo-study-physics-material-2', ...PHYSICS, class_id: classId, type: 'material',
      title: "Notes: Newton's laws", description: 'Class notes with worked examples.',
      published_at: at(-6), attachments: [{ ...pdf, name: "Newton's laws.pdf" }],
    },
    {
      id: 'demo-study-physics-material-3', ...PHYSICS, class_id: null, type: 'material',
      title: 'Units and dimensions', description: 'SI units and dimensional analysis, with a table of derived units.',
      published_at: at(-7),
    },
    {
      id: DEMO_STUDY.videoLecture, ...PHYSICS, class_id: classId, type: 'video-lecture',
      title: 'Lecture 1: Getting ready for an online test', description: 'How the device check works before a test.',
      published_at: at(-8), attachments: [video('Lecture 1.webm', 'device-check')],
    },
    {
      id: 'demo-study-physics-video-2', ...PHYSICS, class_id: classId, type: 'video-lecture',
      title: 'Lecture 2: Allowing the camera', description: 'What to do when the browser blocks the camera.',
      published_at: at(-10), attachments: [video('Lecture 2.webm', 'allow-camera')],
    },
    {
      id: 'demo-study-physics-material-4', ...PHYSICS, class_id: classId, type: 'material',
      title: 'Revision plan for the unit test', description: 'Chapters 1 to 3, day by day.',
      published_at: at(-11),
    },
    {
      id: 'demo-study-physics-lab-1', ...LAB, class_id: classId, type: 'material',
      title: 'Lab safety rules', description: 'Read before the first practical.', published_at: at(-2),
    },
    {
      id: 'demo-study-chemistry-assignment-1', subject_id: 'demo-chemistry', author_id: 'demo-teacher-priya', author_name: 'Ms. Priya Nair', class_id: classId, type: 'assignment',
      title: 'Balancing equations', description: 'Balance the twelve equations of the worksheet.', due_date: at(2), max_marks: 12, published_at: at(-1),
    },
    {
      id: 'demo-study-mathematics-homework-1', subject_id: 'demo-mathematics', author_id: 'demo-teacher-suresh', author_name: 'Mr. Suresh Iyer', class_id: classId, type: 'homework',
      title: 'Quadratic equations: exercise 4.2', description: 'Questions 1 to 10.', due_date: at(2), max_marks: 10, published_at: at(-2),
    },
    {
      id: 'demo-study-biology-video-1', subject_id: 'demo-biology', author_id: 'demo-teacher-meena', author_name: 'Dr. Meena Das', class_id: classId, type: 'video-lecture',
      title: 'Cell structure', description: 'A short lecture on the parts of a cell.', published_at: at(-3), attachments: [video('Cell structure.webm', 'device-check')],
    },
    {
      id: 'demo-study-english-material-1', subject_id: 'demo-english', author_id: 'demo-teacher-kavita', author_name: 'Ms. Kavita Rao', class_id: classId, type: 'material',
      title: 'Letter writing formats', description: 'Formal and informal letters, with examples.', published_at: at(-4), attachments: [pdf],
    },
  ];
}
