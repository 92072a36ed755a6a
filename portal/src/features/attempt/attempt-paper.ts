import type { PaperQuestion, TestConfig, TestPaper } from '@invigil/shared/api/tests';
import { partRanges, type QiRange } from '@invigil/shared/domain/navigation';
import { shownOptions, type ShownOption } from '@invigil/shared/domain/choice-options';
import { answerKind, type AnswerKind } from '@invigil/shared/domain/question';
import { seededShuffle, shouldShuffleOptions, shuffleQuestionOrder, type OptionOrder } from '@invigil/shared/domain/shuffle';

/**
 * The paper as one student sees it: questions in display order (question shuffle by user id),
 * each with its options in display order (option shuffle by question number and user id).
 * Answers are always stored with the ORIGINAL option labels; display labels are only shown.
 */

export interface AttemptQuestion {
  /** Position in display order (0-based): "Question qi+1 of M". */
  qi: number;
  question: PaperQuestion;
  kind: AnswerKind;
  partIndex: number;
  sectionIndex: number;
  partName: string;
  sectionName: string;
  /** Display positions (1-based) of the first and last question of this question's section. */
  sectionRange: { first: number; last: number };
  tap: boolean;
  /** Choice questions: options in display order (bare labels when the texts are in the question). Empty for numerical and subjective. */
  options: ShownOption[];
  /** The shuffle mapping when the options are shuffled, else null. */
  optionOrder: OptionOrder | null;
}

export interface AttemptModel {
  questions: AttemptQuestion[];
  /** Question number -> display index. */
  indexOfQn: Map<number, number>;
  /** Display index ranges of the parts (contiguous in display order under part-wise timing). */
  partRanges: QiRange[];
}

type Part = TestPaper['format']['parts'][number];

/**
 * Question numbers in display order. format.sq sets the mode for the whole paper; without it, a
 * part's or section's own sq flag shuffles just that part or section, with the same seeds the
 * uniform modes use, so a paper with every flag set orders exactly as the mode would.
 */
export function displayOrder(paper: TestPaper, userId: string): number[] {
  const structure = { parts: paper.format.parts.map((part) => ({ sections: part.sections.map((s) => ({ questions: s.questions.map((q) => q.qn) })) })) };
  const partwiseTiming = paper.format.partwise_timing;
  if (paper.format.sq !== 'none') return shuffleQuestionOrder(structure, paper.format.sq, userId, { partwiseTiming });
  return structure.parts.flatMap((part, pi) => {
    const source = paper.format.parts[pi] as Part;
    if (source.sq) return seededShuffle(part.sections.flatMap((s) => s.questions), `questions|${userId}|part|${pi}`);
    return part.sections.flatMap((section, si) =>
      source.sections[si]?.sq ? seededShuffle(section.questions, `questions|${userId}|section|${pi}|${si}`) : [...section.questions],
    );
  });
}

function choiceOptions(question: PaperQuestion, tap: boolean, shuffle: boolean, userId: string): { options: ShownOption[]; optionOrder: OptionOrder | null } {
  const kind = answerKind(question.qt);
  if (kind !== 'single' && kind !== 'multi') return { options: [], optionOrder: null };
  const { options, order } = shownOptions(question, tap, shuffle, userId);
  return { options, optionOrder: order };
}

export function buildAttemptModel(paper: TestPaper, config: TestConfig, userId: string): AttemptModel {
  const byQn = new Map<number, { question: PaperQuestion; pi: number; si: number }>();
  paper.format.parts.forEach((part, pi) =>
    part.sections.forEach((section, si) => section.questions.forEach((question) => byQn.set(question.qn, { question, pi, si }))),
  );
  const order = displayOrder(paper, userId).filter((qn) => byQn.has(qn));
  const indexOfQn = new Map(order.map((qn, qi) => [qn, qi]));

  const sectionSpan = new Map<string, { first: number; last: number }>();
  order.forEach((qn, qi) => {
    const { pi, si } = byQn.get(qn) as { pi: number; si: number };
    const key = `${pi}.${si}`;
    const span = sectionSpan.get(key);
    if (!span) sectionSpan.set(key, { first: qi + 1, last: qi + 1 });
    else {
      span.first = Math.min(span.first, qi + 1);
      span.last = Math.max(span.last, qi + 1);
    }
  });

  const questions = order.map((qn, qi): AttemptQuestion => {
    const { question, pi, si } = byQn.get(qn) as { question: PaperQuestion; pi: number; si: number };
    const part = paper.format.parts[pi] as Part;
    const section = part.sections[si] as Part['sections'][number];
    const { options, optionOrder } = choiceOptions(question, section.tap, shouldShuffleOptions(question, section, part, config), userId);
    return {
      qi,
      question,
      kind: answerKind(question.qt),
      partIndex: pi,
      sectionIndex: si,
      partName: part.name,
      sectionName: section.name,
      sectionRange: sectionSpan.get(`${pi}.${si}`) ?? { first: qi + 1, last: qi + 1 },
      tap: section.tap,
      options,
      optionOrder,
    };
  });

  const partSizes = paper.format.parts.map((_, pi) => questions.filter((q) => q.partIndex === pi).length);
  return { questions, indexOfQn, partRanges: partRanges(partSizes) };
}

/** The question type's name as the header shows it. */
export function questionTypeName(question: Pick<PaperQuestion, 'qt'>): string {
  switch (question.qt) {
    case 3:
      return 'MCQ (single correct)';
    case 4:
      return 'MCQ (multiple correct)';
    case 5:
      return 'Paragraph';
    case 6:
      return 'Numerical';
    case 7:
      return 'Single choice';
    case 1:
    case 8:
      return 'Subjective';
  }
}
