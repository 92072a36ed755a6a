import type { KeyAnswer, PaperQuestion, SavedQuestionState } from '@invigil/shared/api/tests';
import { answerKind } from '@invigil/shared/domain/question';
import { Check } from 'lucide-react';
import { QuestionPages } from '../../ui/question-pages';
import { SafeHtml } from '../../ui/safe-html';
import { UploadedFiles } from '../../ui/uploaded-files';
import { RICH_TEXT } from './rich-text';
import { describeAnswer, describeKey, displayOptions, shownLabels, type QuestionContext } from './question-display';

/**
 * A question, read-only, with the student's answer marked; with `keyAnswer` also the correct one.
 * Options appear in the order the student saw them, under the labels the student saw.
 */
export function QuestionBody({ context, state, userId, keyAnswer }: {
  context: QuestionContext<PaperQuestion>;
  state: SavedQuestionState | undefined;
  userId: string;
  /** The key, when it is to be shown (undefined hides it). */
  keyAnswer?: KeyAnswer;
}) {
  const { question } = context;
  const { options, order } = displayOptions(context, userId);
  const chosen = new Set(shownLabels(Array.isArray(state?.ua) || typeof state?.ua === 'string' ? state.ua : null, order));
  const showKey = keyAnswer !== undefined;
  const correct = new Set(showKey ? shownLabels(keyAnswer, order) : []);
  const kind = answerKind(question.qt);
  const answerText = describeAnswer(question.qt, state?.ua, order);
  const uploads = (state?.iu.length ?? 0) + (state?.vu.length ?? 0);

  return (
    <div className="flex flex-col gap-4">
      {question.extra ? (
        <section aria-label="Passage" className="rounded-box border border-base-300 bg-base-200 p-3">
          <SafeHtml html={question.extra} className={RICH_TEXT} />
        </section>
      ) : null}
      <SafeHtml html={question.text} className={RICH_TEXT} />
      <QuestionPages images={question.pdf_images} name={`Question ${question.qnf}`} />
      {question.pdf ? (
        <a href={question.pdf} target="_blank" rel="noopener noreferrer" className="link link-primary w-fit">Open the question PDF</a>
      ) : null}
      {question.attachments.length > 0 ? (
        <ul aria-label="Attachments" className="flex flex-wrap gap-2">
          {question.attachments.map((attachment) => (
            <li key={attachment.src}>
              <a href={attachment.src} target="_blank" rel="noopener noreferrer" className="link link-primary">{attachment.name || attachment.type}</a>
            </li>
          ))}
        </ul>
      ) : null}

      {options.length > 0 ? (
        <ul aria-label="Options" className="flex flex-col gap-2">
          {options.map((option) => {
            const mine = chosen.has(option.label);
            const right = correct.has(option.label);
            const border = right ? 'border-success bg-success/10' : mine && showKey ? 'border-error bg-error/10' : mine ? 'border-primary bg-primary/10' : 'border-base-300';
            return (
              <li key={option.label} className={`flex items-start gap-3 rounded-box border-2 p-3 ${border}`}>
                <span
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border font-bold ${mine ? 'border-primary bg-primary text-primary-content' : 'border-base-content/40'}`}
                  aria-hidden="true"
                >
                  {option.label}
                </span>
                <span className="sr-only">Option {option.label}:</span>
                <div className="min-w-0 flex-1">
                  {option.html ? <SafeHtml html={option.html} className={RICH_TEXT} /> : <span className="opacity-70">Option {option.label}</span>}
                </div>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  {mine ? <span className="badge badge-primary badge-sm">Your answer</span> : null}
                  {right ? <span className="badge badge-success badge-sm gap-1"><Check className="h-3 w-3" aria-hidden="true" />Correct answer</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}

      <dl className="grid gap-2 rounded-box bg-base-200 p-3 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="font-semibold">Your answer</dt>
        <dd className="min-w-0 break-words">
          {question.qt === 8 && state?.ua && typeof state.ua === 'string' ? (
            <SafeHtml html={state.ua} className={RICH_TEXT} />
          ) : (
            <span className={kind === 'subjective' ? 'whitespace-pre-wrap' : ''}>{answerText}</span>
          )}
          {uploads > 0 ? (
            <div className="mt-2">
              <p className="mb-1 text-sm opacity-80">{uploads} file{uploads === 1 ? '' : 's'} uploaded with this answer</p>
              <UploadedFiles images={state?.iu} label="Uploaded answer images" />
            </div>
          ) : null}
        </dd>
        {showKey ? (
          <>
            <dt className="font-semibold">Correct answer</dt>
            <dd>{describeKey(question.qt, keyAnswer, order)}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
