import type { QuestionState } from './answer-state';

/** The six navigator states of the spec (section 2, In-test screen). */
export type NavigatorState = 'selected' | 'inaccessible' | 'marked' | 'answered' | 'visited' | 'not-visited';

/**
 * Precedence, first match wins: selected (where the student is), inaccessible (another part under
 * part-wise timing: it cannot be opened, whatever its answer), marked (a review flag is the thing
 * the student set to come back to), answered, visited (seen, no answer), not-visited.
 */
export const NAVIGATOR_PRECEDENCE: readonly NavigatorState[] = ['selected', 'inaccessible', 'marked', 'answered', 'visited', 'not-visited'];

export interface NavigatorCell {
  state: NavigatorState;
  /** True for a marked question that is also answered, for a combined "marked and answered" style. */
  markedAnswered: boolean;
}

export interface NavigatorContext {
  selected: boolean;
  accessible: boolean;
}

export function navigatorState(question: Pick<QuestionState, 'ats' | 'mts' | 'vts'>, context: NavigatorContext): NavigatorState {
  if (context.selected) return 'selected';
  if (!context.accessible) return 'inaccessible';
  if (question.mts !== null) return 'marked';
  if (question.ats !== null) return 'answered';
  if (question.vts !== null) return 'visited';
  return 'not-visited';
}

export function navigatorCell(question: Pick<QuestionState, 'ats' | 'mts' | 'vts'>, context: NavigatorContext): NavigatorCell {
  const state = navigatorState(question, context);
  return { state, markedAnswered: state === 'marked' && question.ats !== null };
}

/** The legend's rows with a count: what the student did, and what the open part leaves out. */
export type LegendCountKey = 'answered' | 'visited' | 'marked' | 'not-visited' | 'inaccessible';

/**
 * The navigator legend's counts. They say what the student did with each question, whatever its
 * cell shows now: a question of a part that is over still counts as answered (its cell shows only
 * 'inaccessible'), and so does the current one. Answered, Not answered (visited, no answer) and
 * Not visited add up to every question; Answered is the submit overview's Attempted and Marked its
 * Marked for review; Not accessible now is counted on its own, beside them.
 */
export function legendCounts(
  questions: readonly Pick<QuestionState, 'ats' | 'mts' | 'vts'>[],
  accessible: (qi: number) => boolean,
): Record<LegendCountKey, number> {
  const counts: Record<LegendCountKey, number> = { answered: 0, visited: 0, marked: 0, 'not-visited': 0, inaccessible: 0 };
  questions.forEach((question, qi) => {
    if (question.ats !== null) counts.answered += 1;
    else if (question.vts !== null) counts.visited += 1;
    else counts['not-visited'] += 1;
    if (question.mts !== null) counts.marked += 1;
    if (!accessible(qi)) counts.inaccessible += 1;
  });
  return counts;
}
