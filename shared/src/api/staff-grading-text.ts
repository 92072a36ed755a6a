// Grading's words and small rules (issue 29), without zod: the staff console imports them
// without the schemas (shared/src/api/staff-grading.ts has those and re-exports these).

export const GRADING_MESSAGES = {
  noSuchTest: 'There is no such test.',
  notYours: 'This test is not one of your classes or yours.',
  noSuchAnswer: 'There is no such answer to grade: the attempt is not submitted or the question is not graded by hand.',
  noSuchQuestion: 'There is no such question to grade in this test.',
  halfMarks: 'Marks must be a multiple of 0.5 (half marks are allowed).',
  outOfRange: (min: number, max: number) => `Marks must be between ${min} and ${max} for this question.`,
  unknownRubricItem: 'A rubric item applied is not in this question’s rubric any more: reload the answer.',
  gradedMeanwhile: (name: string) => `${name} graded this answer after you opened it. Their grade is shown now; save again to replace it.`,
  duplicateRubricIds: 'Each rubric item needs its own id.',
  noSuchReport: 'There is no such question report.',
  alreadyResolved: 'This report was already resolved.',
  saved: 'Grade saved.',
  resolved: 'Report resolved.',
  rubricSaved: 'Rubric saved.',
} as const;

/** Who graded, when it was imported (no staff account). */
export const IMPORTED_GRADER = 'Imported grades';

export const GRADING_FILTERS = ['ungraded', 'second_look', 'all'] as const;
export type GradingFilter = (typeof GRADING_FILTERS)[number];

/** A rubric item: points added (negative: taken away) and the text that goes into the remark. */
export interface RubricItem {
  id: string;
  points: number;
  text: string;
}

/** The remark a student sees: the applied rubric items' texts, one a line, then the free comment. */
export function composeRemark(itemTexts: readonly string[], comment: string): string | null {
  const lines = [...itemTexts.map((text) => text.trim()), comment.trim()].filter((line) => line.length > 0);
  return lines.length === 0 ? null : lines.join('\n');
}

/** The free comment back out of a remark composed from these item texts (the whole remark when it was not). */
export function commentOf(remark: string | null, itemTexts: readonly string[]): string {
  if (!remark) return '';
  const prefix = itemTexts.map((text) => text.trim()).filter((text) => text.length > 0);
  if (prefix.length === 0) return remark;
  const head = prefix.join('\n');
  if (remark === head) return '';
  return remark.startsWith(`${head}\n`) ? remark.slice(head.length + 1) : remark;
}

/** Marks from the applied rubric items, held within the question's range. */
export function rubricMarks(items: readonly RubricItem[], applied: readonly string[], range: { min: number; max: number }): number {
  const chosen = new Set(applied);
  const sum = items.filter((item) => chosen.has(item.id)).reduce((total, item) => total + item.points, 0);
  return Math.min(range.max, Math.max(range.min, sum));
}

/** Marks a grade may give for a question: from minus the negative marks to the full marks. */
export function marksRange(pm: number, nm: number): { min: number; max: number } {
  return { min: -Math.abs(nm) || 0, max: pm };
}

/** Why marks do not fit the question, or null. */
export function marksProblem(marks: number, range: { min: number; max: number }): string | null {
  if (!Number.isFinite(marks) || !Number.isInteger(marks * 2)) return GRADING_MESSAGES.halfMarks;
  if (marks < range.min || marks > range.max) return GRADING_MESSAGES.outOfRange(range.min, range.max);
  return null;
}
