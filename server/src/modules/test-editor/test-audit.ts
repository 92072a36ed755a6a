import { createHash } from 'node:crypto';
import type { DraftQuestion, TestDraft } from '@invigil/shared/api/staff-tests';
import { questionPaths } from './test-draft-convert';

// A test's draft as the audit log keeps it (issue 30): the whole paper's text is large, so an
// entry holds its settings and the list of its questions (a bank question by id and version, one
// written in the test by a short hash of its fields, with its type and marks), and a line saying
// what changed.

/** A question in a word: 'bank:<id>@<version>' or '#<hash>', then 'qt/+pm/-nm'. */
function questionRef(question: DraftQuestion): string {
  const ref = question.bank ? `bank:${question.bank.id}@${question.bank.version}` : `#${createHash('sha256').update(JSON.stringify(question.question)).digest('hex').slice(0, 10)}`;
  return `${ref} qt${question.question.qt} +${question.question.pm}/-${question.question.nm}`;
}

export interface AuditedDraft {
  parts: { name: string; duration: number | null; sections: { name: string; questions: string[] }[] }[];
  [setting: string]: unknown;
}

/** The draft's settings, flat (the log's screen compares an entry's fields one by one); the access code only as whether one is set. */
function settingsOf(draft: TestDraft): Record<string, unknown> {
  const { parts: _parts, instruction, description, attachments, access_code: accessCode, students, ...settings } = draft;
  return {
    ...settings,
    description_chars: description.length,
    instruction_chars: instruction.length,
    attachments: attachments.length,
    access_code_set: accessCode !== null,
    students: students.length <= 50 ? students : { count: students.length, first: students.slice(0, 50) },
  };
}

/** The draft's settings and its questions' list (by part and section). */
export function auditedDraft(draft: TestDraft): AuditedDraft {
  return {
    ...settingsOf(draft),
    parts: draft.parts.map((part) => ({ name: part.name, duration: part.duration, sections: part.sections.map((section) => ({ name: section.name, questions: section.questions.map(questionRef) })) })),
  };
}

const questionsOf = (draft: AuditedDraft): string[] => draft.parts.flatMap((part) => part.sections.flatMap((section) => section.questions));

/** What changed between two drafts, in words: the settings by name, and the questions added, removed or edited. */
export function draftChanges(before: TestDraft, after: TestDraft): string {
  const a = auditedDraft(before);
  const b = auditedDraft(after);
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`renamed "${before.name}" to "${after.name}"`);
  const [was0, now0] = [settingsOf(before), settingsOf(after)];
  const settings = [...new Set([...Object.keys(was0), ...Object.keys(now0)])].filter((key) => key !== 'name' && JSON.stringify(was0[key]) !== JSON.stringify(now0[key]));
  if (before.instruction !== after.instruction) settings.push('instruction');
  if (before.description !== after.description) settings.push('description');
  if (before.access_code !== after.access_code) settings.push('access code');
  if (settings.length > 0) changes.push(`settings: ${[...new Set(settings.map((key) => key.replace(/_chars$/, '')))].join(', ')}`);
  const [was, now] = [questionsOf(a), questionsOf(b)];
  if (JSON.stringify(was) !== JSON.stringify(now)) {
    const kept = new Set(was);
    const added = now.filter((ref) => !kept.has(ref)).length;
    const stays = new Set(now);
    const removed = was.filter((ref) => !stays.has(ref)).length;
    changes.push(`questions ${was.length} -> ${now.length}${added || removed ? ` (${added} new or edited, ${removed} removed or replaced)` : ' (reordered)'}`);
  }
  const sectionsOf = (draft: AuditedDraft) => JSON.stringify(draft.parts.map((part) => [part.name, part.duration, part.sections.map((section) => section.name)]));
  if (sectionsOf(a) !== sectionsOf(b)) changes.push('parts or sections');
  const sectionText = (draft: TestDraft) => JSON.stringify(draft.parts.map((part) => [part.instruction, part.sections.map((section) => [section.instruction, section.sq, section.so, section.tap])]));
  if (sectionText(before) !== sectionText(after)) changes.push('part or section options');
  return changes.length > 0 ? changes.join('; ') : 'no change';
}

/** The number of questions of a draft. */
export const questionCount = (draft: TestDraft): number => questionPaths(draft).length;
