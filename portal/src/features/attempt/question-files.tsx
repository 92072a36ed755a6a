import { allowedUploadCategories } from '@invigil/shared/api/upload-types';
import { answerKind } from '@invigil/shared/domain/question';
import { useSignals } from '@preact/signals-react/runtime';
import { userConfig } from '../auth/auth-state';
import { useAttempt } from './attempt-context';
import { loadQuestionFilesPanel, useLoadedPart } from './upload-parts';

/** Whether the current question takes answer photos: subjective, images allowed, not PDF-only. */
export function takesAnswerImages(qt: Parameters<typeof answerKind>[0], onlyPdfAnswer: boolean, config: Record<string, unknown>): boolean {
  return answerKind(qt) === 'subjective' && !onlyPdfAnswer && allowedUploadCategories(config).has('image');
}

/** A subjective question's answer photos; the upload screens come in their own chunk (upload-parts.ts). */
export function QuestionFiles({ qi }: { qi: number }) {
  useSignals();
  const { model, flags, preview } = useAttempt();
  const item = model.questions[qi];
  // A staff preview uploads nothing (its page says so).
  const takesImages = !preview && !!item && takesAnswerImages(item.question.qt, flags.onlyPdfAnswer, userConfig.value);
  const part = useLoadedPart(takesImages ? loadQuestionFilesPanel : null);
  if (!takesImages) return null;
  if (!part) return <p className="mt-4 text-sm opacity-70">Loading the answer upload…</p>;
  return <part.QuestionFilesPanel qi={qi} />;
}
