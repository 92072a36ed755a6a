// Notices and notifications in the staff console (issue 30): words and limits, without zod
// (the portal imports these; shared/src/api/staff-notices.ts has the schemas and re-exports them).

export const NOTICE_KINDS = ['notification', 'notice'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = { notification: 'Notification', notice: 'Notice' };
/** What each kind does, as the composer explains it. */
export const NOTICE_KIND_HINTS: Record<NoticeKind, string> = {
  notification: 'In the student’s notifications (the bell), and pushed to their subscribed browsers.',
  notice: 'On the student’s notice board (the desk’s notices card).',
};

export const NOTICE_AUDIENCES = ['all', 'class', 'student'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = { all: 'Everyone', class: 'A class', student: 'A student' };

export const NOTICE_TITLE_MAX = 150;
export const NOTICE_CONTENT_MAX = 5_000;
export const NOTICE_LINKS_MAX = 5;
export const NOTICES_PAGE_SIZE = 20;

export const NOTICE_MESSAGES = {
  titleRequired: 'Enter a title.',
  titleTooLong: `The title can be at most ${NOTICE_TITLE_MAX} characters.`,
  contentRequired: 'Enter the message.',
  contentTooLong: `The message can be at most ${NOTICE_CONTENT_MAX} characters.`,
  chooseClass: 'Choose a class.',
  chooseStudent: 'Choose a student.',
  badLink: 'Each attachment must be a web address starting with https:// (or http://).',
  tooManyLinks: `At most ${NOTICE_LINKS_MAX} attachments.`,
  everyoneAdminOnly: 'Only an admin can send to everyone.',
  notYourClass: 'This class is not one of yours.',
  notYourStudent: 'This student is not in one of your classes.',
  noSuchClass: 'There is no such class.',
  noSuchStudent: 'There is no such student.',
  emptyAudience: 'Nobody would receive this: the class has no students yet.',
  noSuchNotice: 'There is no such notice or notification (it may have been withdrawn).',
  sent: (kind: NoticeKind, count: number) => `${NOTICE_KIND_LABELS[kind]} sent to ${count} student${count === 1 ? '' : 's'}.`,
  withdrawn: 'Withdrawn: students no longer see it.',
  notYoursToWithdraw: 'A teacher can withdraw only what they sent.',
} as const;

/** "Read by 3 of 40". */
export const readByText = (read: number, of: number) => `Read by ${read} of ${of}`;
