import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { KeyAnswer, PaperQuestion, TestConfig } from '@invigil/shared/api/tests';
import { shownOptions } from '@invigil/shared/domain/choice-options';
import { answerKind, type QuestionType } from '@invigil/shared/domain/question';
import { answerToDisplay, shouldShuffleOptions, type OptionOrder } from '@invigil/shared/domain/shuffle';

/** Names of question types (spec section 3, Question). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  1: 'Subjective',
  3: 'MCQ (single correct)',
  4: 'MCQ (multiple correct)',
  5: 'Paragraph',
  6: 'Numerical',
  7: 'Single choice',
  8: 'Subjective',
};

export const NOT_ANSWERED = 'Not answered';

interface SectionLike<Q> {
  name: string;
  so: boolean;
  tap: boolean;
  questions: readonly Q[];
}
interface PartLike<Q> {
  name: string;
  so: boolean;
  sections: readonly SectionLike<Q>[];
}

/** A question with what showing it needs from its part and section. */
export interface QuestionContext<Q extends PaperQuestion = PaperQuestion> {
  question: Q;
  partName: string;
  sectionName: string;
  /** Options use sub-labels a..z. */
  tap: boolean;
  /** The student saw the options in a shuffled order. */
  shuffled: boolean;
}


/** Every question of the paper, in paper order (qn), with its context. */
export function paperQuestions<Q extends PaperQuestion>(format: { parts: readonly PartLike<Q>[] }, config?: TestConfig | null): QuestionContext<Q>[] {
  const list = format.parts.flatMap((part) =>
    part.sections.flatMap((section) =>
      section.questions.map((question) => ({
        question,
        partName: part.name,
        sectionName: section.name,
        tap: section.tap,
        shuffled: shouldShuffleOptions(question, section, part, config),
      })),
    ),
  );
  return list.sort((a, b) => a.question.qn - b.question.qn);
}

export function isChoice(qt: QuestionType): boolean {
  const kind = answerKind(qt);
  return kind === 'single' || kind === 'multi';
}

/** One option as the student saw it: the label shown, the label stored and its HTML. */
export interface DisplayOption {
  label: string;
  original: string;
  html: string;
}

/**
 * The options of a choice question as the student saw them (the same labels, bare ones included,
 * in the same order), with the order to translate stored labels; none for other types.
 */
export function displayOptions(context: QuestionContext, userId: string): { options: DisplayOption[]; order: OptionOrder | null } {
  const { question, tap, shuffled } = context;
  if (!isChoice(question.qt)) return { options: [], order: null };
  // The test's own rule (shared/domain/choice-options.ts), so the review shows what the test offered.
  const { options, order } = shownOptions(question, tap, shuffled, userId);
  return { options: options.map(({ display, original, html }) => ({ label: display, original, html })), order };
}

function labelList(value: string | readonly string[] | null): string[] {
  if (value === null) return [];
  const list = typeof value === 'string' ? [value] : [...value];
  return list.map((label) => label.trim()).filter((label) => label !== '');
}

/** Stored (original) labels as the labels the student saw, sorted. */
export function shownLabels(value: string | readonly string[] | null, order: OptionOrder | null): string[] {
  const labels = labelList(value);
  const shown = order ? answerToDisplay(labels, order) : labels;
  return [...new Set(shown)].sort();
}

/** The student's answer in words: labels as seen, the number typed, or the text; 'Not answered' when none. */
export function describeAnswer(qt: QuestionType, ua: AnswerValue | undefined, order: OptionOrder | null): string {
  if (ua === undefined || ua === null) return NOT_ANSWERED;
  if (isChoice(qt)) {
    const labels = shownLabels(ua, order);
    return labels.length > 0 ? labels.join(', ') : NOT_ANSWERED;
  }
  const text = Array.isArray(ua) ? ua.join(', ') : ua;
  return text.trim() === '' ? NOT_ANSWERED : text;
}

/** The key in words: labels as the student saw them, a number or 'a to b', or that a teacher grades it. */
export function describeKey(qt: QuestionType, answer: KeyAnswer, order: OptionOrder | null): string {
  if (answerKind(qt) === 'subjective') return 'Graded by your teacher';
  const list = labelList(answer);
  if (list.length === 0) return 'Not available';
  if (isChoice(qt)) return shownLabels(list, order).join(', ');
  return list
    .map((key) => {
      const range = /^\s*(\S+?)\s*\.\.\s*(\S+)\s*$/.exec(key);
      return range ? `${range[1]} to ${range[2]}` : key;
    })
    .join(' or ');
}
