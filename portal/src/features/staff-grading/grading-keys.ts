// The grading screen's keyboard (issue 29): what a key press means, apart from React so it is tested alone.

export type GradingKeyAction = { kind: 'rubric'; index: number } | { kind: 'next' } | { kind: 'previous' } | { kind: 'second-look' } | { kind: 'save-next' } | null;

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Whether focus is in a text field (input, textarea, select, contenteditable). */
  inTextField: boolean;
  /** Whether focus is on something Enter already works (a button or link). */
  onControl: boolean;
}

/**
 * The action of a key press, or null. Letters and digits only when focus is not in a text field
 * (typing a comment types); Ctrl/Cmd+Enter saves and moves on from anywhere, Alt+arrows move.
 */
export function gradingKeyAction(event: KeyLike): GradingKeyAction {
  const command = event.ctrlKey || event.metaKey;
  if (event.key === 'Enter' && command) return { kind: 'save-next' };
  if (event.altKey && !command && event.key === 'ArrowRight') return { kind: 'next' };
  if (event.altKey && !command && event.key === 'ArrowLeft') return { kind: 'previous' };
  if (event.inTextField || command || event.altKey) return null;
  if (event.key === 'Enter') return event.onControl ? null : { kind: 'save-next' };
  if (/^[1-9]$/.test(event.key)) return { kind: 'rubric', index: Number(event.key) - 1 };
  switch (event.key.toLowerCase()) {
    case 'n':
      return { kind: 'next' };
    case 'p':
      return { kind: 'previous' };
    case 's':
      return { kind: 'second-look' };
    default:
      return null;
  }
}

/** What the keyboard help lists. */
export const GRADING_KEYS: readonly (readonly [string, string])[] = [
  ['1 – 9', 'Apply or remove that rubric item'],
  ['N or Alt+→', 'Next answer'],
  ['P or Alt+←', 'Previous answer'],
  ['S', 'Mark or unmark for a second look'],
  ['Enter or Ctrl+Enter', 'Save the grade and go to the next answer (Ctrl+Enter also from the comment)'],
];

/** Parses the marks field: a number, or null when empty or not one. */
export function parseMarks(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** "12 of 40 graded". */
export const progressText = (graded: number, total: number): string => `${graded} of ${total} graded`;

/** What the keyboard help lists when grading an assignment's submissions (no rubric, no second look). */
export const SUBMISSION_KEYS: readonly (readonly [string, string])[] = [
  ['N or Alt+→', 'Next submission'],
  ['P or Alt+←', 'Previous submission'],
  ['Enter or Ctrl+Enter', 'Save the score and go to the next submission (Ctrl+Enter also from the comment)'],
];
