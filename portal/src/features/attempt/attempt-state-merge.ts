import type { QuestionUpdate } from '@invigil/shared/api/attempt-sync';
import type { SavedQuestionState } from '@invigil/shared/api/tests';
import { newQuestionState, type QuestionState } from '@invigil/shared/domain/answer-state';

/**
 * A reload resumes from the server's state merged with the local journal's unsent changes: for a
 * question, a journaled change wins when its revision is above both what the server acknowledged
 * (acked_rev) and the revision the server holds for that question.
 */

export function fromSaved(saved: SavedQuestionState): QuestionState {
  return { qn: saved.qn, ua: saved.ua, ats: saved.ats, mts: saved.mts, vts: saved.vts, s: saved.s, iu: [...saved.iu], vu: [...saved.vu], au: [...saved.au], rev: saved.rev };
}

export function mergeStates(qns: readonly number[], saved: readonly SavedQuestionState[], pending: readonly QuestionUpdate[], ackedRev: number): Map<number, QuestionState> {
  const states = new Map<number, QuestionState>(qns.map((qn) => [qn, newQuestionState(qn)]));
  for (const item of saved) if (states.has(item.qn)) states.set(item.qn, fromSaved(item));
  for (const update of pending) {
    const held = states.get(update.qn);
    if (!held || update.rev <= ackedRev || update.rev <= held.rev) continue;
    states.set(update.qn, { ...held, ua: update.ua, ats: update.ats, mts: update.mts, vts: update.vts, s: update.s, rev: update.rev });
  }
  return states;
}

/** New revisions continue above everything either side has seen. */
export function revisionBase(journalLastRev: number, ackedRev: number, saved: readonly { rev: number }[]): number {
  return saved.reduce((max, item) => Math.max(max, item.rev), Math.max(0, journalLastRev, ackedRev));
}
