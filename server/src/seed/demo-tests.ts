import type { Kysely } from 'kysely';
import type { ImportFileInput, ImportSummary } from '@invigil/shared/api/test-import';
import type { Database } from '../platform/db';
import type { Clock } from '../platform/lib/clock';
import type { Logger } from '../platform/lib/logger';
import { tinyPdf } from '../platform/lib/tiny-pdf';
import { PUBLIC_BLOB_PREFIX } from '../platform/storage/blob-routes';
import type { BlobStore } from '../platform/storage/blob-store';
import { importData, parseImportFile } from '../import/import-service';

/** The code of the demo test that asks for one (printed at start, in docs/import-format.md). */
export const DEMO_ACCESS_CODE = 'OPEN-SESAME';

export const DEMO_TEST_IDS = {
  mcq: 'demo-mcq',
  mixed: 'demo-mixed',
  accessCode: 'demo-access-code',
  ended: 'demo-ended',
  upcoming: 'demo-upcoming',
  merit: 'demo-merit',
  attempted: 'demo-attempted',
  chapter: 'demo-chapter',
  answerSheet: 'demo-answer-sheet',
  proctored: 'demo-proctored',
} as const;

/** The demo series (mock_id): the /mock-test page groups a student's tests by them. */
export const DEMO_SERIES = { term1: 'Term 1 Test Series', physicsMaths: 'Physics and Maths Series' } as const;

/** The demo PDF attachment, relative to BLOB_DIR/public. */
export const DEMO_PDF = 'demo/formula-sheet.pdf';
const pdfUrl = `${PUBLIC_BLOB_PREFIX}/${DEMO_PDF}`;

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

const mcq = (text: string, options: string[], answer: string, extra: Record<string, unknown> = {}) => ({
  qt: 3 as const,
  pm: 4,
  nm: 1,
  text: `<p>${text}</p>`,
  options: Object.fromEntries(options.map((option, i) => [String.fromCharCode(65 + i), option])),
  answer,
  solution: `<p>The answer is ${answer}.</p>`,
  ...extra,
});

const simplePart = (name: string, questions: ReturnType<typeof mcq>[]) => ({ name, sections: [{ name: 'Section A', questions }] });

const aptitude = [
  mcq('What is 15% of 200?', ['20', '25', '30', '35'], 'C', { difficulty: 1 }),
  mcq('A train covers 120 km in 2 hours. Its speed in km/h is', ['40', '60', '80', '100'], 'B', { difficulty: 1 }),
  mcq('Which number comes next: 2, 6, 12, 20, ...?', ['28', '30', '32', '36'], 'B', { difficulty: 2 }),
  mcq('If all roses are flowers and some flowers fade quickly, then', ['all roses fade quickly', 'some roses may fade quickly', 'no rose fades', 'all flowers are roses'], 'B', { difficulty: 2 }),
  mcq('The average of 4, 8, 12 and 16 is', ['8', '10', '12', '14'], 'B', { difficulty: 1 }),
];

/**
 * The demo tests, dated around `now`, as an import file: the seed goes through the same
 * validation and import code as `npm run import`.
 */
export function demoImportFile(now: number): ImportFileInput {
  // Open for a month, and practice: their review opens on submission (decision 0051), so a demo
  // student sees the result and review at once. The ended tests keep the default: after the end.
  const open = { activation_date: iso(now - DAY), ends_at: iso(now + 30 * DAY), review: 'on_submit' as const };
  return {
    version: 1,
    tests: [
      {
        _id: DEMO_TEST_IDS.mcq,
        mock_id: DEMO_SERIES.term1,
        name: 'General Aptitude: Practice Test',
        description: 'Five single-choice questions. 4 marks each, 1 taken away for a wrong answer.',
        instruction: '<p>Answer all questions. Each question has one correct option.</p><ul><li>Correct: +4</li><li>Wrong: -1</li><li>Not answered: 0</li></ul>',
        chapters: ['Arithmetic', 'Reasoning'],
        format: { duration: 20, parts: [simplePart('Aptitude', aptitude)] },
        ...open,
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.mixed,
        mock_id: DEMO_SERIES.physicsMaths,
        name: 'Physics and Maths: Mixed Paper',
        description: 'Every question type, two parts under part-wise timing with a 1-minute rest, a tap section and a formula sheet.',
        instruction: '<p>Part A lasts 10 minutes, then a 1-minute rest, then Part B for 10 minutes. Part A questions cannot be opened once it is over.</p>',
        chapters: ['Kinematics', 'Algebra', 'Optics'],
        // The one demo test that lets the student see 'Preview All Questions' (hidden by default).
        config: { PROCTOR_TYPE: 'none', DETECT_MULTIFACE: false, HIDE_TEST_PREVIEW: false },
        format: {
          duration: 21,
          partwise_timing: true,
          partwise_time_gap: 1,
          sq: 'none',
          parts: [
            {
              name: 'Part A',
              duration: 10,
              instruction: '<p>Single choice, multiple correct and paragraph questions.</p>',
              sections: [
                {
                  name: 'Single choice',
                  instruction: '<p>One correct option each. Question 1: +4 / -1. Question 2: +3, no negative marks.</p>',
                  questions: [
                    mcq('A body starts from rest with acceleration 2 m/s². Its speed after 5 s is', ['5 m/s', '10 m/s', '20 m/s', '25 m/s'], 'B', { subject_id: 'physics' }),
                    {
                      qt: 7,
                      pm: 3,
                      nm: 0,
                      text: '<p>Which of these is a scalar quantity?</p>',
                      options: { A: 'Velocity', B: 'Force', C: 'Energy', D: 'Momentum' },
                      answer: 'C',
                      solution: '<p>Energy has magnitude only.</p>',
                      subject_id: 'physics',
                    },
                  ],
                },
                {
                  name: 'Multiple correct',
                  instruction: '<p>One or more correct options. +4 for all correct, 0 for some correct and none wrong, -2 for any wrong option.</p>',
                  questions: [
                    {
                      qt: 4,
                      pm: 4,
                      nm: 2,
                      text: '<p>Which of the following are prime numbers?</p>',
                      options: { A: '2', B: '9', C: '13', D: '21' },
                      answer: ['A', 'C'],
                      solution: '<p>2 and 13 have no divisors other than 1 and themselves.</p>',
                      subject_id: 'maths',
                      difficulty: 2,
                    },
                  ],
                },
                {
                  name: 'Paragraph',
                  instruction: '<p>Read the passage, then answer.</p>',
                  questions: [
                    {
                      qt: 5,
                      pm: 3,
                      nm: 1,
                      extra: '<p>A lens of focal length 20 cm forms a real image of an object placed 30 cm in front of it.</p>',
                      text: '<p>The image distance is</p>',
                      options: { A: '30 cm', B: '45 cm', C: '60 cm', D: '90 cm' },
                      answer: 'C',
                      solution: '<p>1/v - 1/u = 1/f with u = -30 cm gives v = 60 cm.</p>',
                      subject_id: 'physics',
                      difficulty: 3,
                    },
                    {
                      qt: 5,
                      pm: 3,
                      nm: 1,
                      extra: '<p>A lens of focal length 20 cm forms a real image of an object placed 30 cm in front of it.</p>',
                      text: '<p>The magnification is</p>',
                      options: { A: '-1', B: '-2', C: '2', D: '0.5' },
                      answer: 'B',
                      solution: '<p>m = v/u = 60/(-30) = -2.</p>',
                      subject_id: 'physics',
                      difficulty: 3,
                    },
                  ],
                },
              ],
            },
            {
              name: 'Part B',
              duration: 10,
              instruction: '<p>Numerical, subjective and tap questions. The formula sheet is in the attachments.</p>',
              sections: [
                {
                  name: 'Numerical',
                  instruction: '<p>Type a number. +4 each, no negative marks.</p>',
                  questions: [
                    { qt: 6, pm: 4, nm: 0, text: '<p>Solve for x: 3x + 5 = 20.</p>', answer: 5, solution: '<p>3x = 15, so x = 5.</p>', subject_id: 'maths' },
                    {
                      qt: 6,
                      pm: 4,
                      nm: 0,
                      text: '<p>Take g = 9.8 m/s². A stone falls for 2 s from rest. The distance fallen in metres (to one decimal) is</p>',
                      answer: '19.5..19.7',
                      solution: '<p>s = g t² / 2 = 19.6 m.</p>',
                      subject_id: 'physics',
                      pdf: pdfUrl,
                    },
                  ],
                },
                {
                  name: 'Subjective',
                  instruction: '<p>Write your answer; it is marked by your teacher.</p>',
                  questions: [
                    { qt: 1, pm: 5, text: "<p>State Newton's first law of motion.</p>", solution: '<p>A body stays at rest or in uniform motion unless a net force acts on it.</p>' },
                    { qt: 8, pm: 5, text: '<p>Explain, with a diagram, how a convex lens forms a real image.</p>', solution: '<p>Rays from the object converge after refraction...</p>' },
                  ],
                },
                {
                  name: 'Tap',
                  instruction: '<p>The options are printed in the question, as on an answer sheet: tap the letter of the right one.</p>',
                  tap: true,
                  questions: [
                    {
                      qt: 7,
                      pm: 2,
                      nm: 0,
                      noo: 6,
                      text: '<p>Which item of the list is the SI unit of force?</p><p>(a) joule &nbsp; (b) watt &nbsp; (c) newton &nbsp; (d) pascal &nbsp; (e) volt &nbsp; (f) tesla</p>',
                      answer: 'c',
                      solution: '<p>(c) newton.</p>',
                    },
                  ],
                },
              ],
            },
          ],
        },
        attachments: [{ type: 'pdf', src: pdfUrl, name: 'Formula sheet' }],
        ...open,
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.answerSheet,
        name: 'English: Descriptive Paper (answer sheets)',
        description: 'Two written answers: type them, or photograph your handwritten pages. A PDF of your whole answer sheet may be uploaded before you submit.',
        instruction:
          '<p>Write your answers on paper or type them.</p><ul><li>Use <b>Upload answer</b> under a question to attach photos of your handwritten pages.</li><li>Before you submit you may upload your whole answer sheet as one PDF.</li></ul>',
        chapters: ['Writing skills'],
        config: { PDF_UPLOAD: true, HIDE_PRE_SUBMIT: false },
        format: {
          duration: 30,
          parts: [
            {
              name: 'Writing',
              sections: [
                {
                  name: 'Descriptive',
                  instruction: '<p>Marked by your teacher.</p>',
                  questions: [
                    { qt: 1, pm: 10, text: '<p>Write a letter to your school principal asking for a science club.</p>', solution: '<p>Format, purpose, two reasons, polite close.</p>' },
                    { qt: 8, pm: 10, text: '<p>Describe a festival you enjoy, in about 150 words.</p>', solution: '<p>Setting, events, feelings, conclusion.</p>' },
                  ],
                },
                { name: 'Grammar', questions: [mcq('Choose the correct form: She ___ to school every day.', ['go', 'goes', 'going', 'gone'], 'B')] },
              ],
            },
          ],
        },
        ...open,
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.proctored,
        name: 'Proctored Practice: camera, microphone and full screen',
        description: 'Five questions under every proctoring check: full screen, tab switches, faces on camera with snapshots, and speech. Nothing is submitted for you unless you stay out of full screen.',
        instruction:
          '<p>This practice test shows what a proctored test is like.</p><ul><li>It runs in full screen: leaving it shows a warning, and staying out for 10 seconds submits the test.</li><li>Your camera checks that you, and only you, are in front of the screen; a flagged check keeps a snapshot.</li><li>Your microphone listens for speech; nothing is recorded.</li><li>After you submit, the Proctoring tab of your result shows every flag.</li></ul>',
        chapters: ['Arithmetic'],
        config: { FULL_SCREEN: true, DETECT_MULTIFACE: true, IMAGE_CAPTURE: true, DETECT_SPEECH: true },
        format: { duration: 15, parts: [simplePart('Aptitude', aptitude)] },
        ...open,
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.accessCode,
        name: 'Weekly Quiz (access code)',
        description: `Ask your teacher for the access code (demo: ${DEMO_ACCESS_CODE}).`,
        format: { duration: 10, parts: [simplePart('Quiz', aptitude.slice(0, 3))] },
        access_code: DEMO_ACCESS_CODE,
        skip_prepare: true,
        ...open,
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.ended,
        mock_id: DEMO_SERIES.term1,
        name: 'Last Week: Revision Test',
        description: 'This test has ended.',
        format: { duration: 15, parts: [simplePart('Revision', aptitude.slice(2))] },
        activation_date: iso(now - 10 * DAY),
        ends_at: iso(now - 3 * DAY),
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.upcoming,
        mock_id: DEMO_SERIES.term1,
        name: 'Next Week: Mock Exam',
        description: 'Opens in two days.',
        format: { duration: 30, parts: [simplePart('Mock', aptitude)] },
        activation_date: iso(now + 2 * DAY),
        ends_at: iso(now + 9 * DAY),
        open_to_all: true,
      },
      {
        _id: DEMO_TEST_IDS.merit,
        name: 'Scholarship Test (50 merit points)',
        description: 'Costs 50 merit points, taken once when you start.',
        format: { duration: 20, parts: [simplePart('Scholarship', aptitude)] },
        mp_cost: 50,
        ...open,
        assigned_to: ['DEMO001', 'DEMO002'],
      },
      {
        // A Chapter Test (type 'chapter'): its own instruction page lists the chapters.
        _id: DEMO_TEST_IDS.chapter,
        mock_id: DEMO_SERIES.physicsMaths,
        name: 'Chapter Test: Motion and Energy',
        description: 'Practice on two physics chapters. Four questions, 10 minutes.',
        type: 'chapter',
        instruction: '<p>Four single-choice questions on the chapters below. +4 for a correct answer, -1 for a wrong one.</p>',
        chapters: ['Laws of Motion', 'Work, Energy and Power'],
        format: {
          duration: 10,
          parts: [
            simplePart('Motion and Energy', [
              mcq('A body of mass 2 kg accelerates at 3 m/s². The net force on it is', ['1.5 N', '5 N', '6 N', '9 N'], 'C'),
              mcq('Which law explains the recoil of a gun?', ["Newton's first law", "Newton's second law", "Newton's third law", 'The law of gravitation'], 'C'),
              mcq('The SI unit of work is', ['newton', 'joule', 'watt', 'pascal'], 'B'),
              mcq('A 1 kg ball moving at 2 m/s has a kinetic energy of', ['1 J', '2 J', '4 J', '0.5 J'], 'B'),
            ]),
          ],
        },
        ...open,
        skip_prepare: true,
        assigned_to: ['DEMO001'],
      },
      {
        _id: DEMO_TEST_IDS.attempted,
        mock_id: DEMO_SERIES.term1,
        name: 'Chemistry Unit Test 1',
        description: 'Already taken: see the result, review, ranking and marksheet.',
        instruction: '<p>Unit 1: atoms and molecules.</p>',
        chapters: ['Atoms and Molecules'],
        format: {
          duration: 15,
          parts: [
            simplePart('Chemistry', [
              mcq('The atomic number of carbon is', ['4', '6', '8', '12'], 'B'),
              mcq('H2O is', ['an element', 'a compound', 'a mixture', 'an alloy'], 'B'),
              mcq('Avogadro number is about', ['6.02 x 10^23', '3.0 x 10^8', '9.8', '1.6 x 10^-19'], 'A'),
              mcq('Which is a noble gas?', ['Oxygen', 'Nitrogen', 'Neon', 'Hydrogen'], 'C'),
            ]),
          ],
        },
        activation_date: iso(now - 7 * DAY),
        ends_at: iso(now - 5 * DAY),
        open_to_all: true,
      },
    ],
    attempts: [
      {
        test_id: DEMO_TEST_IDS.attempted,
        reg_no: 'DEMO001',
        started_at: iso(now - 6 * DAY),
        submitted_at: iso(now - 6 * DAY + 11 * 60 * 1000),
        answers: [
          { qn: 1, ua: 'B', s: 90 },
          { qn: 2, ua: 'B', s: 60, r: 'Well done.' },
          { qn: 3, ua: 'C', s: 200, marked: true, r: 'Revise the mole concept.' },
        ],
        remark: 'Good start; revise the mole concept.',
      },
      {
        test_id: DEMO_TEST_IDS.attempted,
        reg_no: 'DEMO002',
        started_at: iso(now - 6 * DAY),
        submitted_at: iso(now - 6 * DAY + 14 * 60 * 1000),
        answers: [
          { qn: 1, ua: 'B', s: 100 },
          { qn: 2, ua: 'B', s: 100 },
          { qn: 3, ua: 'A', s: 100 },
          { qn: 4, ua: 'C', s: 100 },
        ],
      },
    ],
    marksheets: [
      {
        _id: 'demo-term1-DEMO001',
        reg_no: 'DEMO001',
        name: 'Term 1 Marksheet',
        html: [
          '<h2>Term 1 Marksheet</h2>',
          '<p><b>Asha Verma</b> (DEMO001)</p>',
          '<table border="1" cellpadding="6"><thead><tr><th>Subject</th><th>Marks</th><th>Out of</th></tr></thead>',
          '<tbody><tr><td>Physics</td><td>78</td><td>100</td></tr><tr><td>Chemistry</td><td>71</td><td>100</td></tr><tr><td>Mathematics</td><td>85</td><td>100</td></tr></tbody>',
          '<tfoot><tr><th>Total</th><th>234</th><th>300</th></tr></tfoot></table>',
          '<p style="text-align: right">Principal</p>',
        ].join(''),
      },
    ],
  };
}

/** Writes the demo PDF into the blob store's public/ (BLOB_DIR/public, or the S3 bucket); idempotent. */
export async function writeDemoBlobs(blobs: BlobStore): Promise<void> {
  await blobs.putBytes(
    `public/${DEMO_PDF}`,
    tinyPdf('Invigil demo: formula sheet', ['v = u + a t', 's = u t + a t^2 / 2', '1/v - 1/u = 1/f', 'm = v / u', 'F = m a  (unit: newton)']),
    'application/pdf',
  );
}

/**
 * The demo tests, attempts and marksheet, after the demo students (seedDemoData), through the
 * import code path. Call only right after seedDemoData seeded an empty database.
 */
export async function seedDemoTests(db: Kysely<Database>, clock: Clock, blobs: BlobStore, logger: Logger): Promise<ImportSummary> {
  await writeDemoBlobs(blobs);
  return importData(db, parseImportFile(demoImportFile(clock.now())), clock, logger);
}
