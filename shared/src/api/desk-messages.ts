/**
 * The desk's constants, messages and rules (todos, bookmarks, notices, chapter notes), apart from
 * their zod schemas (todos.ts, bookmarks.ts, desk.ts, notes.ts) so the portal's screens take them
 * without zod.
 */

/** The longest todo text. */
export const TODO_TEXT_MAX_LENGTH = 500;
/** How many todos a student may keep: the desk is a short list, not an archive. */
export const MAX_TODOS = 200;
/** The most ids one delete or update may name. */
export const MAX_TODO_IDS = MAX_TODOS;

export const TODO_MESSAGES = {
  // Spec sections 5 and 8, word for word.
  typeSomething: 'Please type something!',
  logInFirst: 'Please log in first!',
  confirmDelete: 'Are you sure to delete?',
  saved: 'New todo saved!',
  saveFailed: 'Error saving new todo!',
  deleted: 'Todos deleted successfully!',
  deleteFailed: 'Error deleting todos!',
  updated: 'Todos updated successfully!',
  loadFailed: 'Error loading todos!',
  // The server's own, for a request the portal would not send.
  tooLong: `A todo is at most ${TODO_TEXT_MAX_LENGTH} characters.`,
  tooMany: `You can keep at most ${MAX_TODOS} todos: delete some done ones first.`,
  noIds: 'Select at least one todo.',
  tooManyIds: `At most ${MAX_TODO_IDS} todos at a time.`,
  doneRequired: 'Say whether the todos are done (done: true or false).',
  doneDisagrees: 'done and updates.done disagree.',
} as const;

export const MAX_BOOKMARK_IDS = 200;

export const BOOKMARK_MESSAGES = {
  // Spec section 8, word for word.
  loadFailed: 'Error loading bookmarks!',
  deleteFailed: 'Error deleting bookmark!',
  deleted: 'Bookmark deleted!',
  noIds: 'Select at least one bookmark.',
  tooManyIds: `At most ${MAX_BOOKMARK_IDS} bookmarks at a time.`,
} as const;

/** The newest notices the desk shows. */
export const MAX_DESK_NOTICES = 50;
/** The newest motivations the desk shows. */
export const MAX_DESK_MOTIVATIONS = 10;

export const DESK_MESSAGES = {
  loading: 'Loading data please wait...',
  noUpcomingExam: 'No upcoming exam!',
  loadFailed: 'Error loading the desk!',
  noNotices: 'No notices yet.',
  noticeNotFound: 'This notice is not there for you.',
} as const;

export const NOTES_MESSAGES = {
  notFound: 'There are no notes for this chapter yet.',
  loadFailed: 'Error loading notes!',
} as const;

/**
 * Spec section 4, the done toggle: it applies to the selected items and becomes true unless some
 * selected item is already done (then false: the selection is un-done).
 */
export function toggledDone(selected: readonly { done: boolean }[]): boolean {
  return !selected.some((todo) => todo.done);
}

/** What a bookmark names: enough to open its notes. */
export interface NotesTarget {
  subject_name: string;
  chapter: { id: string; name: string };
  topic: { id: string; name: string };
  subtopic: { id: string; name: string } | null;
}

/**
 * Spec section 2: /notes/{subject}/{chapter name with spaces as dashes}/{chapter id} with query
 * topic and, if any, subtopic. Each segment is URL-encoded, so a name with '/' or '?' stays one segment.
 */
export function bookmarkNotesPath(bookmark: NotesTarget): string {
  const chapterSlug = bookmark.chapter.name.trim().replace(/\s+/g, '-');
  const segment = (value: string) => encodeURIComponent(value.trim());
  const query = `topic=${segment(bookmark.topic.id)}${bookmark.subtopic ? `&subtopic=${segment(bookmark.subtopic.id)}` : ''}`;
  return `/notes/${segment(bookmark.subject_name)}/${segment(chapterSlug)}/${segment(bookmark.chapter.id)}?${query}`;
}
