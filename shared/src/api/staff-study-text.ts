// Study material in the staff console (issue 30): words, constants and small rules the portal uses
// without zod (shared/src/api/staff-study.ts has the schemas and re-exports these).

export const STAFF_STUDY_TYPES = ['assignment', 'homework', 'material', 'video-lecture'] as const;
export type StaffStudyType = (typeof STAFF_STUDY_TYPES)[number];

export const STAFF_STUDY_TYPE_LABELS: Record<StaffStudyType, string> = {
  assignment: 'Assignment',
  homework: 'Home work',
  material: 'Study material',
  'video-lecture': 'Video lecture',
};

/** Types whose students hand in files, so they have due dates, submissions and scores. */
export const takesSubmissions = (type: StaffStudyType): boolean => type === 'assignment' || type === 'homework';

export const STAFF_STUDY_PAGE_SIZE = 25;
export const STUDY_TITLE_MAX = 200;
export const STUDY_DESCRIPTION_MAX = 5000;
export const STUDY_ATTACHMENTS_MAX = 20;
export const STUDY_MAX_MARKS = 1000;
export const STUDY_COMMENT_MAX = 2000;

/** Files a teacher may attach: PDFs, images and videos (the sizes are the student uploads' own). */
export const STUDY_ATTACHMENT_TYPES = {
  'application/pdf': { ext: 'pdf', kind: 'pdf', maxBytes: 25 * 1024 * 1024 },
  'image/png': { ext: 'png', kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'image/jpeg': { ext: 'jpg', kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'image/webp': { ext: 'webp', kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'video/mp4': { ext: 'mp4', kind: 'video', maxBytes: 100 * 1024 * 1024 },
  'video/webm': { ext: 'webm', kind: 'video', maxBytes: 100 * 1024 * 1024 },
} as const;
export type StudyAttachmentContentType = keyof typeof STUDY_ATTACHMENT_TYPES;
export const STUDY_ATTACHMENT_CONTENT_TYPES = Object.keys(STUDY_ATTACHMENT_TYPES) as StudyAttachmentContentType[];
export const isStudyAttachmentType = (type: string): type is StudyAttachmentContentType => type in STUDY_ATTACHMENT_TYPES;

export const STAFF_STUDY_MESSAGES = {
  notFound: 'There is no such study item.',
  notYourClass: 'This class is not one of yours.',
  notYourSubject: 'This subject is not one of yours.',
  everyoneAdminOnly: 'Only an admin may publish to everyone: choose one of your classes.',
  unknownClass: 'There is no such class.',
  unknownSubject: 'There is no such subject.',
  titleRequired: 'Enter a title.',
  dueRequired: 'Choose a due date for an assignment or home work.',
  maxMarksRequired: 'Enter the max marks of an assignment.',
  maxMarksRange: `Max marks are between 0.5 and ${STUDY_MAX_MARKS}, in half marks.`,
  noGradingForType: 'Only assignments and home work have submissions to grade.',
  httpsOnly: 'A link must start with https://.',
  videoLinkRequired: 'A video lecture needs a video: upload one or give its link.',
  attachmentType: 'Attach a PDF, a PNG, JPEG or WebP image, or an MP4 or WebM video.',
  attachmentTooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  attachmentNotThatType: 'The file is not what its type says.',
  attachmentMissing: 'An attached file did not finish uploading: attach it again.',
  attachmentBadLink: 'This upload link is not valid or has expired.',
  hasSubmissions: (count: number) => `${count} student${count === 1 ? ' has' : 's have'} handed in files for this item: confirm to delete it with their files.`,
  lockedBySubmissions: 'Students have handed in files: the type and class can no longer change.',
  noMaxMarks: 'Set the max marks of this item before grading it.',
  noSuchSubmission: 'This student has not handed in files for this item.',
  halfMarks: 'Marks must be a multiple of 0.5 (half marks are allowed).',
  outOfRange: (max: number) => `Marks must be between 0 and ${max} (the max marks).`,
  belowZero: 'Marks cannot be below 0.',
  aboveMax: (max: number) => `Marks cannot be above ${max}, the max marks.`,
  gradedMeanwhile: (name: string) => `${name} graded this submission after you opened it. Their score is shown now; save again to replace it.`,
  nothingToPublish: 'Nothing is graded yet: grade submissions before publishing the scores.',
  created: 'Published.',
  updated: 'Saved.',
  deleted: 'Deleted.',
  scoresPublished: (count: number) => `Scores published: ${count} student${count === 1 ? '' : 's'} notified.`,
  saved: 'Score saved.',
} as const;

/** Why marks do not fit 0..max in half marks (naming the bound crossed), or null. */
export function studyMarksProblem(marks: number, max: number): string | null {
  if (!Number.isFinite(marks) || !Number.isInteger(marks * 2)) return STAFF_STUDY_MESSAGES.halfMarks;
  if (marks < 0) return STAFF_STUDY_MESSAGES.belowZero;
  if (marks > max) return STAFF_STUDY_MESSAGES.aboveMax(max);
  return null;
}

/** "12 of 30 submitted". */
export const submittedText = (submitted: number, audience: number): string => `${submitted} of ${audience} submitted`;

/** "Submission 4": the anonymous label of a student's files. */
export const submissionLabel = (number: number): string => `Submission ${number}`;
