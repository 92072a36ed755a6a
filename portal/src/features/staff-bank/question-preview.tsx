import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import type { PaperQuestion } from '@invigil/shared/api/tests';
import { shownOptions } from '@invigil/shared/domain/choice-options';
import { answerKind } from '@invigil/shared/domain/question';
import { useState } from 'react';
import { SafeHtml } from '../../ui/safe-html';
import { AnswerInput } from '../attempt/answer-inputs';
import type { AttemptQuestion } from '../attempt/attempt-paper';
import { questionTypeName } from '../attempt/attempt-paper';
// The student's test page, imported for the bundler only (as the test preview does): with it the
// answer inputs stay in the student's one test chunk, which this lazily loaded preview loads whole.
import '../attempt/test-in-page';

/** The question as a paper carries it to the student (no key, no solution). */
function paperQuestion(question: ImportQuestion): PaperQuestion {
  const choice = [3, 4, 5, 7].includes(question.qt);
  const given = Object.keys(question.options).length;
  return {
    qn: 1,
    qnf: question.qnf ?? '1',
    qt: question.qt,
    pm: question.pm,
    nm: question.nm,
    pi: 0,
    si: 0,
    noo: question.noo ?? (given > 0 ? given : choice ? 4 : 0),
    so: false,
    text: question.text,
    options: question.options,
    extra: question.extra,
    pdf: question.pdf,
    pdf_images: question.pdf_images,
    difficulty: question.difficulty,
    subject_id: question.subject_id,
    attachments: question.attachments,
  } as PaperQuestion;
}

function attemptQuestion(question: ImportQuestion): AttemptQuestion {
  const paper = paperQuestion(question);
  const kind = answerKind(paper.qt);
  const choice = kind === 'single' || kind === 'multi';
  const { options } = choice ? shownOptions(paper as Parameters<typeof shownOptions>[0], false, false, 'preview') : { options: [] };
  return { qi: 0, question: paper, kind, partIndex: 0, sectionIndex: 0, partName: 'Preview', sectionName: 'Preview', sectionRange: { first: 1, last: 1 }, tap: false, options, optionOrder: null };
}

/**
 * A read-only copy of the student's question panel (features/attempt/question-panel.tsx), with its
 * real answer inputs (answer-inputs.tsx, which take plain props). The panel itself reads the test
 * page's state (useAttempt), so its header, passage and text are copied here with the same classes.
 * The HTML goes through the portal's DOMPurify pass with the MathML profile (ui/safe-html).
 */
export function QuestionPreview({ question, solution = false }: { question: ImportQuestion; solution?: boolean }) {
  const item = attemptQuestion(question);
  const [value, setValue] = useState<AnswerValue>(null);
  const { pm, nm } = item.question;
  return (
    <section aria-label="Preview of the question as the student sees it" className="text-base">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-base-300 pb-2">
        <h3 className="text-lg font-bold">Question 1 of 1</h3>
        <span className="badge badge-outline">{questionTypeName(item.question)}</span>
        <span className="badge badge-outline" aria-label={`Marks: ${pm} for a correct answer${nm > 0 ? `, minus ${nm} for a wrong one` : ''}`}>
          Marks {nm > 0 ? `+${pm} / -${nm}` : `+${pm}`}
        </span>
      </div>
      {item.question.extra ? (
        <div className="mt-3 rounded-box border-l-4 border-info bg-base-200 p-3">
          <SafeHtml html={item.question.extra} className="question-html" />
        </div>
      ) : null}
      <SafeHtml html={item.question.text} className="question-html mt-4 leading-relaxed" />
      <AnswerInput question={item} value={value} readOnly={false} onChange={(next) => setValue(next)} />
      {solution && question.solution ? (
        <div className="mt-4 rounded-box bg-base-200 p-3">
          <p className="font-semibold">Solution</p>
          <SafeHtml html={question.solution} className="question-html" />
        </div>
      ) : null}
    </section>
  );
}
