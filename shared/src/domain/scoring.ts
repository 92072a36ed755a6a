import { isAnswered, normaliseAnswer, type QuestionState } from './answer-state';
import { compareDecimals, parseDecimal, unitsAtScale, type Decimal } from './decimal';
import { answerKind, type QuestionKey } from './question';
import { percent, ratio, round2 } from './rounding';

/**
 * Scoring rules, documented in docs/decisions/0004-scoring-rules.md. Marks of one question are
 * exact (pm, -nm, 0 or a teacher's grade); sums and ratios are rounded once, to 2 decimals.
 */

export type ScoreStatus = 'correct' | 'wrong' | 'partial' | 'skipped' | 'pending';

export interface QuestionScore {
  status: ScoreStatus;
  marks: number;
}

type NumericKey = { kind: 'value'; value: Decimal } | { kind: 'range'; low: Decimal; high: Decimal };

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const RANGE_PATTERN = new RegExp(String.raw`^\s*(${NUMBER})\s*\.\.\s*(${NUMBER})\s*$`);

/** A numerical key: a decimal ('1.50') or an inclusive range ('1.4..1.6', either order). */
export function parseNumericKey(text: string): NumericKey | null {
  const range = RANGE_PATTERN.exec(text);
  if (range) {
    const a = parseDecimal(range[1] ?? '');
    const b = parseDecimal(range[2] ?? '');
    if (!a || !b) return null;
    return compareDecimals(a, b) <= 0 ? { kind: 'range', low: a, high: b } : { kind: 'range', low: b, high: a };
  }
  const value = parseDecimal(text);
  return value ? { kind: 'value', value } : null;
}

/**
 * A single value matches when the answer, rounded half away from zero to the key's decimal places,
 * equals it (key '1.50' takes 1.495 up to 1.50499..., key '2' takes 1.5 up to 2.499...); a range
 * matches when the exact answer lies within it, ends included.
 */
export function numericMatches(key: NumericKey, answer: Decimal): boolean {
  if (key.kind === 'range') return compareDecimals(key.low, answer) <= 0 && compareDecimals(answer, key.high) <= 0;
  return unitsAtScale(answer, key.value.scale) === unitsAtScale(key.value, key.value.scale);
}

function keyList(answer: QuestionKey['answer']): string[] {
  if (answer === null) return [];
  const list = Array.isArray(answer) ? answer : [answer];
  return list.map((item) => item.trim()).filter((item) => item !== '');
}

/** Option labels compare trimmed and case-insensitively ('tap' sections use lower case). */
function labelSet(labels: readonly string[]): Set<string> {
  return new Set(labels.map((label) => label.trim().toUpperCase()).filter((label) => label !== ''));
}

function answerList(ua: QuestionState['ua']): string[] {
  const value = normaliseAnswer(ua);
  if (value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function negative(nm: number): number {
  // nm is a positive number subtracted; data that stores it as negative means the same.
  return -Math.abs(nm) || 0;
}

function gradedScore(key: QuestionKey, graded: number): QuestionScore {
  const marks = Math.min(key.pm, Math.max(negative(key.nm), graded));
  if (marks >= key.pm) return { status: 'correct', marks };
  if (marks <= 0) return { status: 'wrong', marks };
  return { status: 'partial', marks };
}

function autoScore(key: QuestionKey, state: QuestionState | undefined): QuestionScore {
  const kind = answerKind(key.qt);
  if (!state || !isAnswered(key.qt, state.ua, state)) return { status: 'skipped', marks: 0 };
  if (kind === 'subjective') return { status: 'pending', marks: 0 };

  const keys = keyList(key.answer);
  const wrong: QuestionScore = { status: 'wrong', marks: negative(key.nm) };
  const correct: QuestionScore = { status: 'correct', marks: key.pm };

  if (kind === 'numerical') {
    const parsedKeys = keys.map(parseNumericKey);
    // Without a usable key the question cannot be scored yet.
    if (parsedKeys.length === 0 || parsedKeys.some((k) => k === null)) return { status: 'pending', marks: 0 };
    const given = answerList(state.ua);
    const value = given.length === 1 ? parseDecimal(given[0] ?? '') : null;
    if (!value) return wrong;
    return parsedKeys.some((k) => k !== null && numericMatches(k, value)) ? correct : wrong;
  }

  const right = labelSet(keys);
  if (right.size === 0) return { status: 'pending', marks: 0 };
  const chosen = labelSet(answerList(state.ua));
  // Answered only through uploads: nothing chosen to compare, so nothing to score.
  if (chosen.size === 0) return { status: 'pending', marks: 0 };

  if (kind === 'single') {
    // Several labels in a single-choice key: any of them is accepted (a disputed question).
    if (chosen.size !== 1) return wrong;
    const [label] = chosen;
    return label !== undefined && right.has(label) ? correct : wrong;
  }

  // Multi: the exact set earns pm; any wrong option costs nm; a strict subset of the right ones, 0.
  for (const label of chosen) if (!right.has(label)) return wrong;
  return chosen.size === right.size ? correct : { status: 'partial', marks: 0 };
}

/**
 * Scores one question. Answered means the answer-setting rule of answer-state.ts, recomputed here
 * rather than trusting a stored answered time. `gradedMarks` is a teacher's grade (clamped to
 * [-nm, pm]): it decides subjective questions, even without a typed answer (it may be in an
 * uploaded sheet), and any question that would otherwise stay pending.
 */
export function scoreQuestion(key: QuestionKey, state: QuestionState | undefined, gradedMarks?: number | null): QuestionScore {
  const score = autoScore(key, state);
  const graded = typeof gradedMarks === 'number' && Number.isFinite(gradedMarks);
  if (graded && (score.status === 'pending' || answerKind(key.qt) === 'subjective')) return gradedScore(key, gradedMarks);
  return score;
}

export interface ResultSummary {
  scored: number;
  max_marks: number;
  /** scored / max_marks, %. */
  percentage: number;
  attempted: number;
  total: number;
  correct: number;
  wrong: number;
  /** Multi-correct strict subsets, and part-marked subjective answers. */
  partial: number;
  skipped: number;
  /** Subjective answers not graded yet, and answered questions without a usable key. */
  pending: number;
  /** correct / attempted, %. */
  accuracy: number;
  /** attempted / total, %. */
  attempt_rate: number;
  /** Seconds per attempted question. */
  avg_speed: number;
  /** Whole seconds. */
  time_spent: number;
  /** Seconds per question of the paper. */
  time_per_question: number;
}

export interface PartResult extends ResultSummary {
  pi: number;
  /** The part's name from `partNames`, '' when not given. */
  name: string;
}

export interface AttemptResult extends ResultSummary {
  partResults: PartResult[];
}

/**
 * A question's key as scored: a key dropped after the test (issue 29: a wrong or ambiguous
 * question) counts for nobody, neither its marks nor its maximum. Absent: counted.
 */
export type ScoredKey = QuestionKey & { dropped?: boolean };

export function isDropped(key: ScoredKey): boolean {
  return key.dropped === true;
}

export interface ScoreAttemptOptions {
  /** The attempt's allowed length in seconds, extensions included: time spent never exceeds it. */
  durationSeconds: number;
  timeSpentSeconds: number;
  /** Teachers' grades of subjective questions by question number. */
  grades?: Readonly<Record<number, number>>;
  /** Part names by part index, copied into partResults. */
  partNames?: readonly string[];
}

interface Tally {
  scored: number;
  max: number;
  counts: Record<ScoreStatus, number>;
  seconds: number;
}

function emptyTally(): Tally {
  return { scored: 0, max: 0, counts: { correct: 0, wrong: 0, partial: 0, skipped: 0, pending: 0 }, seconds: 0 };
}

function summarise(tally: Tally, timeSpent: number): ResultSummary {
  const { counts } = tally;
  const total = counts.correct + counts.wrong + counts.partial + counts.skipped + counts.pending;
  const attempted = total - counts.skipped;
  return {
    scored: round2(tally.scored),
    max_marks: round2(tally.max),
    percentage: percent(tally.scored, tally.max),
    attempted,
    total,
    ...counts,
    accuracy: percent(counts.correct, attempted),
    attempt_rate: percent(attempted, total),
    avg_speed: ratio(timeSpent, attempted),
    time_spent: timeSpent,
    time_per_question: ratio(timeSpent, total),
  };
}

function wholeSeconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * The Result of an attempt: every key is one question of the paper (states without a key are
 * ignored, keys without a state are skipped, dropped keys are not counted at all). Parts are timed by the seconds spent on their
 * questions; the whole attempt by `timeSpentSeconds`, capped at `durationSeconds` when positive.
 */
export function scoreAttempt(keys: readonly ScoredKey[], states: readonly QuestionState[], options: ScoreAttemptOptions): AttemptResult {
  const byQn = new Map(states.map((state) => [state.qn, state]));
  const overall = emptyTally();
  const parts = new Map<number, Tally>();
  for (const key of keys) {
    // A dropped question is left out: its marks, its maximum and its count (issue 29).
    if (isDropped(key)) continue;
    const state = byQn.get(key.qn);
    const score = scoreQuestion(key, state, options.grades?.[key.qn]);
    let part = parts.get(key.pi);
    if (!part) {
      part = emptyTally();
      parts.set(key.pi, part);
    }
    for (const tally of [overall, part]) {
      tally.scored += score.marks;
      tally.max += key.pm;
      tally.counts[score.status] += 1;
      tally.seconds += state?.s ?? 0;
    }
  }
  const spent = wholeSeconds(options.timeSpentSeconds);
  const cap = wholeSeconds(options.durationSeconds);
  const timeSpent = cap > 0 ? Math.min(spent, cap) : spent;
  const partResults = [...parts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pi, tally]) => ({ pi, name: options.partNames?.[pi] ?? '', ...summarise(tally, wholeSeconds(tally.seconds)) }));
  return { ...summarise(overall, timeSpent), partResults };
}
