/**
 * Question types and answer keys as the paper carries them (spec section 3, Question).
 * 1 and 8 are subjective (8 with a rich-text editor), 3 is MCQ with one answer, 4 MCQ with several,
 * 5 a paragraph (comprehension) question answered like single choice, 6 numerical, 7 single choice.
 */
export type QuestionType = 1 | 3 | 4 | 5 | 6 | 7 | 8;

export const QUESTION_TYPES: readonly QuestionType[] = [1, 3, 4, 5, 6, 7, 8];

/** How a question type is answered, which is what answering, clearing and scoring depend on. */
export type AnswerKind = 'single' | 'multi' | 'numerical' | 'subjective';

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'number' && (QUESTION_TYPES as readonly number[]).includes(value);
}

export function answerKind(qt: QuestionType): AnswerKind {
  switch (qt) {
    case 1:
    case 8:
      return 'subjective';
    case 4:
      return 'multi';
    case 6:
      return 'numerical';
    case 3:
    case 5:
    case 7:
      return 'single';
  }
}

export function isSubjective(qt: QuestionType): boolean {
  return answerKind(qt) === 'subjective';
}

/** 1 easy, 2 medium, 3 hard. */
export type Difficulty = 1 | 2 | 3;

/**
 * The answer key of one question: server-side only, never sent to the student with the paper.
 * `nm` is a positive number of marks taken away for a wrong answer.
 */
export interface QuestionKey {
  qn: number;
  qt: QuestionType;
  /** Marks for a correct answer. */
  pm: number;
  /** Marks subtracted for a wrong answer (positive; a negative value is read as its magnitude). */
  nm: number;
  /** Option label(s) for choice questions, a decimal or "a..b" range for numerical, null when none. */
  answer: string | string[] | null;
  difficulty?: Difficulty;
  /** Part index (0-based). */
  pi: number;
  /** Section index within the part (0-based). */
  si: number;
}

export const DEFAULT_OPTION_COUNT = 4;
export const MAX_OPTION_COUNT = 10;
/** Sub-labels of 'tap' sections run a to z. */
export const MAX_TAP_OPTION_COUNT = 26;

/**
 * Option labels of a question: 'A'..'J' (4 when `noo` is missing or not a positive number, at most
 * 10), or the sub-labels 'a'..'z' when the section is 'tap' (at most 26).
 */
export function optionLabels(noo?: number | null, tap = false): string[] {
  const max = tap ? MAX_TAP_OPTION_COUNT : MAX_OPTION_COUNT;
  const wanted = typeof noo === 'number' && Number.isFinite(noo) && noo >= 1 ? Math.floor(noo) : DEFAULT_OPTION_COUNT;
  const count = Math.min(wanted, max);
  const first = (tap ? 'a' : 'A').charCodeAt(0);
  return Array.from({ length: count }, (_, i) => String.fromCharCode(first + i));
}
