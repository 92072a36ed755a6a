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

/** How many questions are in each state, for the navigator legend. */
export function countNavigatorStates(states: readonly NavigatorState[]): Record<NavigatorState, number> {
  const counts: Record<NavigatorState, number> = { selected: 0, inaccessible: 0, marked: 0, answered: 0, visited: 0, 'not-visited': 0 };
  for (const state of states) counts[state] += 1;
  return counts;
}
