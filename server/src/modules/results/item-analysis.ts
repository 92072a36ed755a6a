import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { ItemStat, OptionStat } from '@invigil/shared/api/staff-results';
import type { QuestionState } from '@invigil/shared/domain/answer-state';
import { isAnswered, normaliseAnswer } from '@invigil/shared/domain/answer-state';
import { answerKind } from '@invigil/shared/domain/question';
import { round2 } from '@invigil/shared/domain/rounding';
import { isDropped, scoreQuestion, type ScoredKey } from '@invigil/shared/domain/scoring';

/**
 * Item analysis (decision 0060), as Moodle's quiz statistics report:
 * - facility index: the mean marks on the question / its marks, %;
 * - discrimination index: the Pearson correlation of the question's marks with the rest of the
 *   test (the attempt's marks on the other counted questions), -1..1;
 * - for choice questions, how many chose each option (a multi-choice answer counts for each option
 *   it holds), the key marked; "key looks wrong" when, among the top third of the attempts by
 *   score, a distractor was chosen more often than the key.
 * Only counted attempts come in (submitted, not void).
 */

export interface AnalysisQuestion {
  key: ScoredKey;
  text: string;
  part: string;
  /** The option labels offered (choice questions), in order; [] otherwise. */
  labels: string[];
}

export interface AnalysisAttempt {
  id: string;
  /** On-time answers by question number, as stored (the JSON of an AnswerValue). */
  answers: Map<number, string>;
  /** Teachers' grades by question number. */
  grades: Map<number, number>;
}

interface Scored {
  marks: number;
  answered: boolean;
  /** The labels chosen, upper case. */
  chosen: string[];
}

/** A stored answer's JSON as an AnswerValue (a string, a list of strings or null). */
function parseAnswer(raw: string | undefined): AnswerValue {
  if (raw === undefined) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  } catch {
    // Not JSON: no answer.
  }
  return null;
}

/**
 * Scores each distinct answer of a question once: 10,000 attempts give a few hundred distinct
 * answers to a choice question, so item analysis parses and scores those, not 200,000 cells.
 */
function scorer(key: ScoredKey): (raw: string | undefined, grade: number | undefined) => Scored {
  const memo = new Map<string | undefined, Scored>();
  const score = (raw: string | undefined, grade: number | undefined): Scored => {
    const ua = parseAnswer(raw);
    const state: QuestionState | undefined = raw === undefined ? undefined : { qn: key.qn, ua, ats: null, mts: null, vts: null, s: 0, rev: 0 };
    return { marks: scoreQuestion(key, state, grade).marks, answered: state !== undefined && isAnswered(key.qt, ua, state), chosen: chosenLabels(state) };
  };
  return (raw, grade) => {
    if (grade !== undefined) return score(raw, grade);
    let hit = memo.get(raw);
    if (!hit) {
      hit = score(raw, undefined);
      memo.set(raw, hit);
    }
    return hit;
  };
}

function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i += 1) {
    sx += xs[i] ?? 0;
    sy += ys[i] ?? 0;
  }
  const mx = sx / n;
  const my = sy / n;
  let cov = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    cov += dx * dy;
    vx += dx * dx;
    vy += dy * dy;
  }
  if (vx === 0 || vy === 0) return null;
  return round2(cov / Math.sqrt(vx * vy));
}

/** The labels an answer chose, upper case (labels compare case-insensitively, as scoring does). */
function chosenLabels(state: QuestionState | undefined): string[] {
  if (!state) return [];
  const value = normaliseAnswer(state.ua);
  if (value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map((label) => label.trim().toUpperCase()).filter((label) => label !== ''))];
}

function keyLabels(answer: ScoredKey['answer']): Set<string> {
  if (answer === null) return new Set();
  const list = Array.isArray(answer) ? answer : [answer];
  return new Set(list.map((label) => label.trim().toUpperCase()).filter((label) => label !== ''));
}

/** The size of the top third: a third of the attempts, rounded down; none under 3 attempts. */
export const topThirdSize = (attempts: number): number => (attempts >= 3 ? Math.floor(attempts / 3) : 0);

export function analyseItems(questions: readonly AnalysisQuestion[], attempts: readonly AnalysisAttempt[], changedQns: ReadonlySet<number> = new Set()): { items: ItemStat[]; topThird: number } {
  const n = attempts.length;
  // marks[q][a]: the marks of attempt a on question q.
  // cells[q][a]: attempt a's answer to question q, scored.
  const cells = questions.map((question) => {
    const score = scorer(question.key);
    return attempts.map((attempt) => score(attempt.answers.get(question.key.qn), attempt.grades.get(question.key.qn)));
  });
  const marks = cells.map((row) => row.map((cell) => cell.marks));
  const totals = attempts.map((_, a) => questions.reduce((sum, question, q) => (isDropped(question.key) ? sum : sum + (marks[q]?.[a] ?? 0)), 0));
  const order = attempts.map((attempt, a) => ({ a, id: attempt.id, total: totals[a] ?? 0 })).sort((x, y) => y.total - x.total || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const topThird = topThirdSize(n);
  const top = new Set(order.slice(0, topThird).map((entry) => entry.a));

  const items = questions.map((question, q): ItemStat => {
    const { key } = question;
    const row = marks[q] ?? [];
    const kind = answerKind(key.qt);
    const scoredCells = cells[q] ?? [];
    const answered = scoredCells.filter((cell) => cell.answered).length;
    const sum = row.reduce((total, value) => total + value, 0);
    const facility = n === 0 || key.pm <= 0 ? null : round2((sum / n / key.pm) * 100);
    const rest = row.map((value, a) => (totals[a] ?? 0) - (isDropped(key) ? 0 : value));
    const discrimination = pearson(row, rest);

    let options: OptionStat[] = [];
    let suspect = false;
    if (kind === 'single' || kind === 'multi') {
      const keyed = keyLabels(key.answer);
      const counts = new Map<string, { count: number; top: number }>();
      const labels = question.labels.map((label) => label.toUpperCase());
      for (const label of labels) counts.set(label, { count: 0, top: 0 });
      scoredCells.forEach((cell, a) => {
        for (const label of cell.chosen) {
          const entry = counts.get(label) ?? { count: 0, top: 0 };
          entry.count += 1;
          if (top.has(a)) entry.top += 1;
          counts.set(label, entry);
        }
      });
      options = [...counts.entries()].map(([label, entry], index) => ({
        label: question.labels[index] ?? label,
        count: entry.count,
        percent: n === 0 ? 0 : round2((entry.count / n) * 100),
        top_count: entry.top,
        is_key: keyed.has(label),
      }));
      if (topThird > 0 && keyed.size > 0 && !isDropped(key)) {
        const keyTop = Math.max(0, ...options.filter((option) => option.is_key).map((option) => option.top_count));
        suspect = options.some((option) => !option.is_key && option.top_count > keyTop);
      }
    }
    return {
      qn: key.qn,
      qt: key.qt,
      text: question.text,
      part: question.part,
      pm: key.pm,
      nm: key.nm,
      answer: key.answer,
      dropped: isDropped(key),
      attempts: n,
      answered,
      facility,
      discrimination,
      options,
      key_suspect: suspect,
      changed: changedQns.has(key.qn),
    };
  });
  return { items, topThird };
}

