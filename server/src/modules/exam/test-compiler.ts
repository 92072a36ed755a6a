import { createHash } from 'node:crypto';
import type { ImportTest } from '@invigil/shared/api/test-import';
import { importOptionCount } from '@invigil/shared/api/test-import';
import type { KeyAnswer, PaperQuestion, TestPaper } from '@invigil/shared/api/tests';
import type { QuestionKey } from '@invigil/shared/domain/question';
import { round2 } from '@invigil/shared/domain/rounding';

/** A question's key as stored (server side only): the scoring key plus the solution. */
export interface AnswerKeyEntry extends QuestionKey {
  answer: KeyAnswer;
  solution: string | null;
}

export type PaperWithoutVersion = Omit<TestPaper, 'version'>;

export interface CompiledTest {
  paper: PaperWithoutVersion;
  key: AnswerKeyEntry[];
  /** sha256 of the paper (without version): a different hash means a new version. */
  paperHash: string;
  noq: number;
  durationSeconds: number;
}

export const questionId = (testId: string, qn: number): string => `${testId}.q${qn}`;

/** The test id and question number of a question id, or null when it is not one. */
export function parseQuestionId(id: string): { testId: string; qn: number } | null {
  const match = /^(.+)\.q(\d{1,5})$/.exec(id);
  if (!match) return null;
  const qn = Number(match[2]);
  return qn >= 1 ? { testId: match[1] ?? '', qn } : null;
}

/** Keys as the scoring wants them: a label, sorted distinct labels, a decimal or range as text, or null. */
function normaliseKey(answer: string | string[] | number | null): KeyAnswer {
  if (answer === null) return null;
  if (typeof answer === 'number') return String(answer);
  if (Array.isArray(answer)) return [...new Set(answer.map((label) => label.trim()))].sort();
  return answer.trim();
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Turns an imported test into its paper (what every student gets: no answer, no solution) and
 * its key (kept apart), computing question numbers, counts, max marks and part time windows.
 * The input has passed importTestSchema, so it is consistent.
 */
export function compileTest(test: ImportTest): CompiledTest {
  const durationSeconds = Math.round(test.format.duration * 60);
  const gapSeconds = Math.round(test.format.partwise_time_gap * 60);
  const key: AnswerKeyEntry[] = [];
  let qn = 0;
  let maxMarks = 0;
  // Part-wise timing: the countdown (seconds left) at which each part starts and ends.
  let countdown = durationSeconds;

  const parts = test.format.parts.map((part, pi) => {
    const fqn = qn + 1;
    const sections = part.sections.map((section, si) => {
      const questions = section.questions.map((question): PaperQuestion => {
        qn += 1;
        maxMarks += question.pm;
        key.push({
          qn,
          qt: question.qt,
          pm: question.pm,
          nm: question.nm,
          answer: normaliseKey(question.answer),
          ...(question.difficulty === null ? {} : { difficulty: question.difficulty }),
          pi,
          si,
          solution: question.solution,
        });
        return {
          _id: questionId(test._id, qn),
          qn,
          qnf: question.qnf ?? String(qn),
          qt: question.qt,
          pm: question.pm,
          nm: question.nm,
          pi,
          si,
          noo: importOptionCount(question),
          so: question.so,
          text: question.text,
          options: question.options,
          extra: question.extra,
          pdf: question.pdf,
          pdf_images: question.pdf_images,
          difficulty: question.difficulty,
          subject_id: question.subject_id,
          attachments: question.attachments,
        };
      });
      return {
        name: section.name,
        instruction: section.instruction,
        noq: questions.length,
        sq: section.sq,
        so: section.so,
        tap: section.tap,
        questions,
      };
    });
    let timeLeftStart: number | null = null;
    let timeLeftEnd: number | null = null;
    if (test.format.partwise_timing) {
      if (pi > 0) countdown -= gapSeconds;
      timeLeftStart = countdown;
      countdown -= Math.round((part.duration ?? 0) * 60);
      timeLeftEnd = Math.max(0, countdown);
    }
    return {
      name: part.name,
      fqn,
      lqn: qn,
      noq: qn - fqn + 1,
      instruction: part.instruction,
      sq: part.sq,
      so: part.so,
      time_lefts: timeLeftStart,
      time_lefte: timeLeftEnd,
      sections,
    };
  });

  const paper: PaperWithoutVersion = {
    _id: test._id,
    name: test.name,
    description: test.description,
    type: test.type,
    mock_id: test.mock_id,
    format: {
      duration: test.format.duration,
      max_marks: round2(maxMarks),
      noq: qn,
      partwise_timing: test.format.partwise_timing,
      partwise_time_gap: test.format.partwise_time_gap,
      sq: test.format.sq,
      parts,
    },
    attachments: test.attachments,
  };
  return { paper, key, paperHash: sha256(JSON.stringify(paper)), noq: qn, durationSeconds };
}

/** The stored form of a paper: its JSON with the version second, after the id. */
export function serialisePaper(paper: PaperWithoutVersion, version: number): string {
  const { _id, ...rest } = paper;
  return JSON.stringify({ _id, version, ...rest });
}
