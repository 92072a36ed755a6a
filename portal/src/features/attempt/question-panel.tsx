import type { AnswerValue } from '@invigil/shared/api/attempt-sync';
import { useSignals } from '@preact/signals-react/runtime';
import { BookOpen } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { QuestionPages } from '../../ui/question-pages';
import { AnswerInput } from './answer-inputs';
import { answerSheetDialogOpen } from './answer-sheet-dialog';
import { viewedAttachment } from './attachment-view';
import { QuestionFiles } from './question-files';
import { useAttempt } from './attempt-context';
import { questionTypeName } from './attempt-paper';
import { sanitizeHtml } from './safe-html';
import { largeText } from './text-size';

const INSTRUCTION_ICON = <BookOpen className="h-4 w-4" aria-hidden="true" />;

function Html({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`question-html ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

function marksText(pm: number, nm: number): string {
  return nm > 0 ? `+${pm} / -${nm}` : `+${pm}`;
}

/** The current question: header, instructions (toggle), passage, text and the answer input. */
export function QuestionPanel() {
  useSignals();
  const { model, store, flags, paper } = useAttempt();
  const qi = store.current.value;
  const item = model.questions[qi];
  const state = store.states[qi]?.value;
  const [showInstruction, setShowInstruction] = useState(false);
  const onChange = useCallback((value: AnswerValue, typed?: boolean) => store.setAnswer(qi, value, typed), [store, qi]);
  // Prepares the neighbours' HTML while the student reads, so the next Save-Next only swaps it in.
  useEffect(() => {
    const warm = () => {
      for (const near of [model.questions[qi + 1], model.questions[qi - 1]]) {
        if (!near) continue;
        sanitizeHtml(near.question.text);
        for (const option of near.options) sanitizeHtml(option.html);
      }
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(warm, { timeout: 500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 50);
    return () => clearTimeout(timer);
  }, [model, qi]);
  if (!item || !state) return null;
  const { question } = item;
  const { pdf } = question;
  const part = paper.format.parts[item.partIndex];
  const section = part?.sections[item.sectionIndex];
  const instructions = [part?.instruction, section?.instruction].filter((text): text is string => Boolean(text && text.trim()));
  const total = model.questions.length;
  const range = item.sectionRange.first === item.sectionRange.last ? `Q ${item.sectionRange.first}` : `Q ${item.sectionRange.first}–${item.sectionRange.last}`;
  return (
    <section aria-labelledby="question-heading" className={largeText.value ? 'text-lg' : 'text-base'}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-base-300 pb-2">
        <h2 id="question-heading" className="text-lg font-bold">Question {qi + 1} of {total}</h2>
        <span className="badge badge-ghost" title="Section">{item.sectionName || item.partName} ({range})</span>
        <span className="badge badge-outline">{questionTypeName(question)}</span>
        <span className="badge badge-outline" aria-label={`Marks: ${question.pm} for a correct answer${question.nm > 0 ? `, minus ${question.nm} for a wrong one` : ''}`}>
          Marks {marksText(question.pm, question.nm)}
        </span>
        {instructions.length > 0 ? (
          <button type="button" className="btn btn-ghost btn-sm ml-auto" aria-expanded={showInstruction} aria-controls="question-instruction" onClick={() => setShowInstruction((open) => !open)}>
            {INSTRUCTION_ICON}
            {showInstruction ? 'Hide Instruction' : 'Show Instruction'}
          </button>
        ) : null}
      </div>
      {showInstruction && instructions.length > 0 ? (
        <div id="question-instruction" className="card card-border mt-3 bg-base-200">
          <div className="card-body gap-2 p-4">
            {instructions.map((text, i) => <Html key={i} html={text} />)}
          </div>
        </div>
      ) : null}
      {question.extra ? (
        <div className="mt-3 rounded-box border-l-4 border-info bg-base-200 p-3">
          <Html html={question.extra} />
        </div>
      ) : null}
      <Html html={question.text} className="mt-4 leading-relaxed" />
      <QuestionPages images={question.pdf_images} name={`Question ${qi + 1}`} className="mt-3" />
      {pdf ? (
        <p className="mt-2">
          <button type="button" className="link link-primary" onClick={() => (viewedAttachment.value = { type: 'pdf', src: pdf, name: `Question ${qi + 1} PDF` })}>
            Open the question PDF
          </button>
        </p>
      ) : null}
      {flags.onlyPdfAnswer ? (
        <div className="alert alert-info mt-4 flex flex-wrap text-sm">
          <span>Answers for this test are given as PDF uploads; the answer below cannot be changed here.</span>
          <button type="button" className="btn btn-sm btn-primary" onClick={() => (answerSheetDialogOpen.value = true)}>Upload answer sheet</button>
        </div>
      ) : null}
      {/* Choices keep their elements from question to question (React patches labels and checks);
          typed inputs start afresh for each question. */}
      <AnswerInput key={item.kind === 'single' || item.kind === 'multi' ? 'choice' : qi} question={item} value={state.ua} readOnly={flags.onlyPdfAnswer} onChange={onChange} />
      <QuestionFiles qi={qi} />
    </section>
  );
}
