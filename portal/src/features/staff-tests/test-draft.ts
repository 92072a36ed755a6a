import type { DraftPart, DraftQuestion, DraftSection, TestDraft } from '@invigil/shared/api/staff-tests';
import type { ImportQuestion } from '@invigil/shared/api/test-import';

/**
 * The test editor's pure logic (issue 28): the paper's outline (parts, sections, questions) changed
 * without touching the draft it came from, the totals, part-wise timing's sum, the id from a name,
 * the schedule's date-times, and where an issue's path points on screen.
 */

/** An id from a name: lowercase letters, digits and "-", as the import's ids allow (64 at most). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

const pad = (value: number) => String(value).padStart(2, '0');

// Plain Date arithmetic rather than date-fns' parseISO and isValid: the student's chunks share
// date-fns' format chunk, which would have to export them too (bench:bundle).

/** An ISO date-time with offset as a datetime-local input shows it (this computer's time): '2026-11-28T09:30'. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** This computer's offset at a moment, as ISO writes it: '+05:30', '-04:00', '+00:00'. */
export function offsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** A datetime-local input's value as ISO with this computer's offset: '2026-11-28T09:30:00+05:30'; null when empty. */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds = '0'] = match.slice(1).map((part) => part ?? '0');
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
  if (Number.isNaN(date.getTime())) return null;
  return `${year}-${month}-${day}T${hours}:${minutes}:${pad(Number(seconds))}${offsetText(date)}`;
}

export const newSection = (name: string): DraftSection => ({ name, instruction: '', sq: false, so: false, tap: false, questions: [] });
export const newPart = (name: string): DraftPart => ({ name, instruction: '', sq: false, so: false, duration: null, sections: [newSection('Section 1')] });

/** Moves item `index` by `by` places (-1 up, +1 down) when it can. */
function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

const without = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

function withPart(draft: TestDraft, pi: number, change: (part: DraftPart) => DraftPart): TestDraft {
  return { ...draft, parts: draft.parts.map((part, i) => (i === pi ? change(part) : part)) };
}

function withSection(draft: TestDraft, pi: number, si: number, change: (section: DraftSection) => DraftSection): TestDraft {
  return withPart(draft, pi, (part) => ({ ...part, sections: part.sections.map((section, i) => (i === si ? change(section) : section)) }));
}

export const addPart = (draft: TestDraft): TestDraft => ({ ...draft, parts: [...draft.parts, newPart(`Part ${draft.parts.length + 1}`)] });
export const removePart = (draft: TestDraft, pi: number): TestDraft => ({ ...draft, parts: without(draft.parts, pi) });
export const movePart = (draft: TestDraft, pi: number, by: -1 | 1): TestDraft => ({ ...draft, parts: moved(draft.parts, pi, by) });
export const updatePart = (draft: TestDraft, pi: number, change: Partial<Omit<DraftPart, 'sections'>>): TestDraft => withPart(draft, pi, (part) => ({ ...part, ...change }));

export const addSection = (draft: TestDraft, pi: number): TestDraft => withPart(draft, pi, (part) => ({ ...part, sections: [...part.sections, newSection(`Section ${part.sections.length + 1}`)] }));
export const removeSection = (draft: TestDraft, pi: number, si: number): TestDraft => withPart(draft, pi, (part) => ({ ...part, sections: without(part.sections, si) }));
export const moveSection = (draft: TestDraft, pi: number, si: number, by: -1 | 1): TestDraft => withPart(draft, pi, (part) => ({ ...part, sections: moved(part.sections, si, by) }));
export const updateSection = (draft: TestDraft, pi: number, si: number, change: Partial<Omit<DraftSection, 'questions'>>): TestDraft => withSection(draft, pi, si, (section) => ({ ...section, ...change }));

export const addQuestions = (draft: TestDraft, pi: number, si: number, questions: readonly DraftQuestion[]): TestDraft => withSection(draft, pi, si, (section) => ({ ...section, questions: [...section.questions, ...questions] }));
export const removeQuestion = (draft: TestDraft, pi: number, si: number, qi: number): TestDraft => withSection(draft, pi, si, (section) => ({ ...section, questions: without(section.questions, qi) }));
export const moveQuestion = (draft: TestDraft, pi: number, si: number, qi: number, by: -1 | 1): TestDraft => withSection(draft, pi, si, (section) => ({ ...section, questions: moved(section.questions, qi, by) }));

/** A question edited in place: it is the test's own from now on (no longer the bank's version). */
export const replaceQuestion = (draft: TestDraft, pi: number, si: number, qi: number, question: ImportQuestion): TestDraft =>
  withSection(draft, pi, si, (section) => ({ ...section, questions: section.questions.map((item, i) => (i === qi ? { bank: null, question } : item)) }));

export interface PaperTotals {
  questions: number;
  maxMarks: number;
}

/** How many questions and the most marks a student can get (a description counts as a question worth 0). */
export function paperTotals(draft: Pick<TestDraft, 'parts'>): PaperTotals {
  let questions = 0;
  let maxMarks = 0;
  for (const part of draft.parts) {
    for (const section of part.sections) {
      for (const item of section.questions) {
        questions += 1;
        maxMarks += item.question.pm;
      }
    }
  }
  return { questions, maxMarks: Math.round(maxMarks * 100) / 100 };
}

/** The question numbers as students see them (paper order, from 1), by part and section: numbers[pi][si][qi]. */
export function questionNumbers(draft: Pick<TestDraft, 'parts'>): number[][][] {
  let next = 1;
  return draft.parts.map((part) => part.sections.map((section) => section.questions.map(() => next++)));
}

/** Under part-wise timing: the part durations plus the gaps between parts (minutes); null while a part has no duration. */
export function partwiseMinutes(draft: Pick<TestDraft, 'parts' | 'partwise_time_gap'>): number | null {
  if (draft.parts.length === 0) return null;
  let total = 0;
  for (const part of draft.parts) {
    if (part.duration === null || !(part.duration > 0)) return null;
    total += part.duration;
  }
  return Math.round((total + draft.partwise_time_gap * (draft.parts.length - 1)) * 100) / 100;
}

/** A question's text without markup, its first line (80 characters at most). */
export function firstLine(html: string): string {
  const text = html
    .replace(/<math[\s\S]*?<\/math>/gi, ' [math] ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The editor's tabs. */
export const EDITOR_TABS = ['details', 'paper', 'timing', 'schedule', 'settings', 'assignment'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];
export const EDITOR_TAB_LABELS: Record<EditorTab, string> = {
  details: 'Details',
  paper: 'Paper',
  timing: 'Timing',
  schedule: 'Schedule & access',
  settings: 'Proctoring & settings',
  assignment: 'Assignment',
};

const FIELD_TABS: Record<string, EditorTab> = {
  id: 'details',
  name: 'details',
  description: 'details',
  type: 'details',
  instruction: 'details',
  chapters: 'details',
  attachments: 'details',
  parts: 'paper',
  duration: 'timing',
  partwise_timing: 'timing',
  partwise_time_gap: 'timing',
  sq: 'timing',
  activation_date: 'schedule',
  ends_at: 'schedule',
  access_code: 'schedule',
  keep_access_code: 'schedule',
  mp_cost: 'schedule',
  skip_prepare: 'schedule',
  allow_resume: 'schedule',
  review: 'schedule',
  review_released_at: 'schedule',
  config: 'settings',
  open_to_all: 'assignment',
  classes: 'assignment',
  students: 'assignment',
  proctors: 'assignment',
};

/** The element ids the editor gives its fields and outline rows (the issues list moves focus there). */
export const fieldId = (field: string) => `te-${field}`;
export const partId = (pi: number) => `te-part-${pi}`;
export const sectionId = (pi: number, si: number) => `te-part-${pi}-section-${si}`;
export const questionId = (pi: number, si: number, qi: number) => `te-question-${pi}-${si}-${qi}`;

/** Where an issue's path ("parts.0.sections.1.questions.2.answer") is on screen: its tab and the element to focus. */
export function issueTarget(path: string): { tab: EditorTab; id: string } {
  const steps = path.split('.').filter(Boolean);
  const [field = 'name'] = steps;
  if (field === 'parts') {
    const pi = Number(steps[1]);
    if (!Number.isInteger(pi)) return { tab: 'paper', id: fieldId('add-part') };
    if (steps[2] === 'duration') return { tab: 'paper', id: `${partId(pi)}-duration` };
    const si = steps[2] === 'sections' ? Number(steps[3]) : Number.NaN;
    if (!Number.isInteger(si)) return { tab: 'paper', id: partId(pi) };
    const qi = steps[4] === 'questions' ? Number(steps[5]) : Number.NaN;
    if (!Number.isInteger(qi)) return { tab: 'paper', id: sectionId(pi, si) };
    return { tab: 'paper', id: questionId(pi, si, qi) };
  }
  if (field === 'config') return { tab: 'settings', id: steps[1] ? fieldId(`config-${steps[1]}`) : fieldId('config') };
  const tab = FIELD_TABS[field] ?? 'details';
  return { tab, id: fieldId(field) };
}

/** Pure text of a list of chapters as typed (one per line or separated by commas). */
export function chaptersFromText(text: string): string[] {
  return text.split(/[\n,]/).map((chapter) => chapter.trim()).filter(Boolean);
}
