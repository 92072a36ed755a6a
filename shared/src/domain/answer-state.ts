import type { AnswerValue, QuestionUpdate } from '../api/attempt-sync';
import { answerKind, type QuestionType } from './question';

/**
 * One question's state in an attempt, as the portal holds it and the server stores it.
 * Timestamps are ms since epoch (null: not answered / not marked / never visited); `s` is seconds
 * spent; `rev` is the attempt-wide revision of the last change (see api/attempt-sync.ts).
 */
export interface QuestionState {
  qn: number;
  ua: AnswerValue;
  /** Answered time: set while the question counts as answered. */
  ats: number | null;
  /** Marked-for-review time. */
  mts: number | null;
  /** First-visit time. */
  vts: number | null;
  s: number;
  /** Uploaded answer images. */
  iu?: string[];
  /** Uploaded answer videos. */
  vu?: string[];
  /** Uploaded answer audios. */
  au?: string[];
  rev: number;
}

export interface Uploads {
  iu?: readonly string[];
  vu?: readonly string[];
  au?: readonly string[];
}

/** Mirrors the sync schema's bound on `s`, so a state always makes a valid update. */
export const MAX_SECONDS_ON_QUESTION = 7 * 24 * 3600;

export function newQuestionState(qn: number): QuestionState {
  return { qn, ua: null, ats: null, mts: null, vts: null, s: 0, rev: 0 };
}

function hasAny(list: readonly string[] | undefined): boolean {
  return list !== undefined && list.length > 0;
}

/**
 * Normalises an answer: strings are kept as typed unless blank (then null); arrays lose blank and
 * repeated labels and are sorted, so the same choice always has the same value.
 */
export function normaliseAnswer(answer: AnswerValue): AnswerValue {
  if (answer === null) return null;
  if (Array.isArray(answer)) {
    const labels = answer.map((label) => label.trim()).filter((label) => label !== '');
    return [...new Set(labels)].sort();
  }
  return answer.trim() === '' ? null : answer;
}

/**
 * The spec's "answer setting" rule (section 4). An array answer counts when non-empty; an empty or
 * null answer counts only when images or videos are uploaded; any other answer counts. For
 * subjective questions an empty answer counts only when images or audios are uploaded.
 * Whitespace-only text is empty.
 */
export function isAnswered(qt: QuestionType, answer: AnswerValue, uploads: Uploads): boolean {
  const ua = normaliseAnswer(answer);
  if (Array.isArray(ua)) return ua.length > 0;
  if (ua !== null) return true;
  if (answerKind(qt) === 'subjective') return hasAny(uploads.iu) || hasAny(uploads.au);
  return hasAny(uploads.iu) || hasAny(uploads.vu);
}

/** Sets the answer; answered time becomes `now` when it counts as answered, else null. */
export function applyAnswer(state: QuestionState, qt: QuestionType, answer: AnswerValue, now: number, rev: number): QuestionState {
  const ua = normaliseAnswer(answer);
  return { ...state, ua, ats: isAnswered(qt, ua, state) ? now : null, rev };
}

/** Replaces the uploaded files of the question (only the lists given) and re-applies the answer rule. */
export function applyUploads(state: QuestionState, qt: QuestionType, uploads: Uploads, now: number, rev: number): QuestionState {
  const next: QuestionState = { ...state, rev };
  if (uploads.iu) next.iu = [...uploads.iu];
  if (uploads.vu) next.vu = [...uploads.vu];
  if (uploads.au) next.au = [...uploads.au];
  const answered = isAnswered(qt, next.ua, next);
  // An already-answered question keeps its answered time: adding a file does not change the answer.
  next.ats = answered ? (state.ats ?? now) : null;
  return next;
}

/** Marks for review, or unmarks. */
export function toggleMark(state: QuestionState, now: number, rev: number): QuestionState {
  return { ...state, mts: state.mts === null ? now : null, rev };
}

/**
 * Clears the typed or chosen answer of any question type (uploads stay, so a subjective question
 * with images stays answered). Clear Answer is offered on every type, not only the MCQ and
 * subjective ones spec section 4 names: a radio cannot be unselected, so a wrong pick on a
 * negatively marked paragraph or single-choice question could not be undone otherwise (decision 0017).
 */
export function clearAnswer(state: QuestionState, qt: QuestionType, now: number, rev: number): QuestionState {
  return applyAnswer(state, qt, null, now, rev);
}

/** Records the first visit; returns the same object when already visited, so nothing is staged. */
export function markVisited(state: QuestionState, now: number, rev: number): QuestionState {
  if (state.vts !== null) return state;
  return { ...state, vts: now, rev };
}

/** Adds whole seconds spent on the question (negative or non-finite amounts are ignored). */
export function addTime(state: QuestionState, seconds: number, rev: number): QuestionState {
  if (!Number.isFinite(seconds) || seconds <= 0) return state;
  const s = Math.min(MAX_SECONDS_ON_QUESTION, state.s + Math.floor(seconds));
  if (s === state.s) return state;
  return { ...state, s, rev };
}

export interface SubmitOverview {
  attempted: number;
  marked: number;
  skipped: number;
  imageCount: number;
}

/**
 * The submit dialog's summary: attempted = questions with an answered time, marked = with a mark
 * time, skipped = the rest of `total`, imageCount = all uploaded answer images (per question plus
 * `overallImages`, the attempt-wide uploads).
 */
export function submitOverview(states: readonly QuestionState[], total: number, overallImages = 0): SubmitOverview {
  let attempted = 0;
  let marked = 0;
  let imageCount = overallImages;
  for (const state of states) {
    if (state.ats !== null) attempted += 1;
    if (state.mts !== null) marked += 1;
    imageCount += state.iu?.length ?? 0;
  }
  return { attempted, marked, skipped: Math.max(0, total - attempted), imageCount };
}

/** The sync update for a staged question (files travel through the upload calls, not here). */
export function toQuestionUpdate(state: QuestionState, at: number): QuestionUpdate {
  return { qn: state.qn, rev: state.rev, ua: state.ua, ats: state.ats, mts: state.mts, vts: state.vts, s: state.s, at };
}
