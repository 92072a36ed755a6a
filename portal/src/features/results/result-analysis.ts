import type { ReviewQuestion, SavedQuestionState, ScoreStats } from '@invigil/shared/api/tests';
import type { Difficulty } from '@invigil/shared/domain/question';
import { percent } from '@invigil/shared/domain/rounding';
import { scoreQuestion, type ScoreStatus } from '@invigil/shared/domain/scoring';
import { swotCategory, type SwotCategory } from '@invigil/shared/domain/swot';
import type { QuestionContext } from '../review/question-display';

export const STATUS_LABELS: Record<ScoreStatus, string> = {
  correct: 'Correct',
  wrong: 'Wrong',
  partial: 'Partial',
  skipped: 'Skipped',
  pending: 'Pending',
};

/** Badge classes of each status (literal, so Tailwind sees them). */
export const STATUS_BADGES: Record<ScoreStatus, string> = {
  correct: 'badge-success',
  wrong: 'badge-error',
  partial: 'badge-warning',
  skipped: 'badge-ghost',
  pending: 'badge-info',
};

export const DIFFICULTY_LABELS: Record<Difficulty, string> = { 1: 'Easy', 2: 'Medium', 3: 'Hard' };

/** One question of the result's question-wise table. */
export interface QuestionRow {
  /** Position in paper order: the review page's `qi`. */
  index: number;
  context: QuestionContext<ReviewQuestion>;
  state: SavedQuestionState | undefined;
  difficulty: Difficulty | null;
  status: ScoreStatus;
  marks: number;
  /** Seconds spent on the question. */
  seconds: number;
  /** A teacher graded it: the marks are the teacher's. */
  graded: boolean;
}

/**
 * Scores each question with the shared scoring rules, from its key, the saved state and the
 * teacher's grade the state carries (`graded`), so a graded subjective answer shows its marks,
 * as the server's result counts them, instead of pending. A question dropped after the test is
 * left out, as the server's result leaves it out; `index` stays its place in the paper.
 */
export function questionRows(contexts: readonly QuestionContext<ReviewQuestion>[], states: readonly SavedQuestionState[]): QuestionRow[] {
  const byQn = new Map(states.map((state) => [state.qn, state]));
  return contexts.map((context, index) => {
    const { question } = context;
    const state = byQn.get(question.qn);
    const key = {
      qn: question.qn,
      qt: question.qt,
      pm: question.pm,
      nm: question.nm,
      // Only a released review carries keys (decision 0051); the pages show no analysis before.
      answer: question.answer ?? null,
      pi: question.pi,
      si: question.si,
      ...(question.difficulty === null ? {} : { difficulty: question.difficulty }),
    };
    const score = scoreQuestion(key, state, state?.graded);
    return { index, context, state, difficulty: question.difficulty, status: score.status, marks: score.marks, seconds: state?.s ?? 0, graded: typeof state?.graded === 'number' };
  }).filter((row) => row.context.question.dropped !== true); // A dropped question counts for nobody (issue 29): not in the figures either.
}

/** Attempt rate and accuracy (%) of a group of questions, as scoring.ts defines them. */
export interface GroupFigures {
  total: number;
  attempted: number;
  correct: number;
  attempt_rate: number;
  accuracy: number;
}

export function groupFigures(rows: readonly Pick<QuestionRow, 'status'>[]): GroupFigures {
  const total = rows.length;
  const attempted = rows.filter((row) => row.status !== 'skipped').length;
  const correct = rows.filter((row) => row.status === 'correct').length;
  return { total, attempted, correct, attempt_rate: percent(attempted, total), accuracy: percent(correct, attempted) };
}

/** A point of the SWOT chart. */
export interface SwotPoint {
  label: string;
  attempt_rate: number;
  accuracy: number;
  category: SwotCategory;
}

export function swotPoint(label: string, figures: Pick<ScoreStats, 'attempt_rate' | 'accuracy'>): SwotPoint {
  return { label, attempt_rate: figures.attempt_rate, accuracy: figures.accuracy, category: swotCategory(figures.attempt_rate, figures.accuracy) };
}

/** The sections of one part (or of the whole paper) as SWOT points, in paper order; empty sections left out. */
export function sectionPoints(rows: readonly QuestionRow[], pi: number | null): SwotPoint[] {
  const groups = new Map<string, QuestionRow[]>();
  for (const row of rows) {
    if (pi !== null && row.context.question.pi !== pi) continue;
    const key = `${row.context.question.pi}.${row.context.question.si}`;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as QuestionRow;
    const name = first.context.sectionName.trim() || `Section ${first.context.question.si + 1}`;
    return swotPoint(pi === null ? `${first.context.partName.trim() || `Part ${first.context.question.pi + 1}`}: ${name}` : name, groupFigures(group));
  });
}

const INSIGHTS: Record<SwotCategory, (attempt: string, accuracy: string) => string> = {
  Strength: (attempt, accuracy) =>
    `Strength: you attempted ${attempt} of the questions and ${accuracy} of your answers were correct. Keep it up!`,
  Opportunity: (attempt, accuracy) =>
    `Opportunity: ${accuracy} of your answers were correct, but you attempted only ${attempt} of the questions. Attempt more of them to score higher.`,
  Threat: (attempt, accuracy) =>
    `Threat: you attempted ${attempt} of the questions, but only ${accuracy} of your answers were correct. Take a little more care before answering.`,
  Weakness: (attempt, accuracy) =>
    `Weakness: you attempted ${attempt} of the questions and ${accuracy} of your answers were correct. Revise this area before your next test.`,
};

/** The insight line of an Overall view, from the SWOT split of its attempt rate and accuracy. */
export function insightFor(stats: Pick<ScoreStats, 'attempt_rate' | 'accuracy' | 'total' | 'pending'>): string {
  if (stats.total === 0) return 'There are no questions here.';
  const category = swotCategory(stats.attempt_rate, stats.accuracy);
  const text = INSIGHTS[category](`${stats.attempt_rate}%`, `${stats.accuracy}%`);
  if (stats.pending === 0) return text;
  const waiting = stats.pending === 1 ? '1 answer is' : `${stats.pending} answers are`;
  return `${text} ${waiting} waiting to be graded, so these figures may change.`;
}
