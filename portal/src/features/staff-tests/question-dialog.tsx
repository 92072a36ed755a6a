import type { BankRef } from '@invigil/shared/api/staff-tests';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../../ui/modal';
import { EMPTY_QUESTION_FORM, fromQuestionForm, QuestionFields, QuestionPreviewPanel, toQuestionForm, useQuestionRender, type QuestionForm } from '../staff-bank/question-form';

const FORM_ID = 'te-question-form';

/**
 * A question written or edited in place, with the bank's form and preview (staff-bank/question-form).
 * `question` null: a new one. A question from the bank becomes the test's own copy once saved here.
 * `tap`: the section is a tap section (options labelled a..z).
 */
export function QuestionDialog({ open, question, bank, tap, onClose, onSave }: { open: boolean; question: ImportQuestion | null; bank: BankRef | null; tap: boolean; onClose: () => void; onSave: (question: ImportQuestion) => void }) {
  const [initial] = useState<QuestionForm>(() => (question ? toQuestionForm(question) : EMPTY_QUESTION_FORM));
  const [form, setForm] = useState<QuestionForm>(initial);
  const built = useMemo(() => fromQuestionForm(form, question ?? undefined, tap), [form, question, tap]);
  const preview = useQuestionRender(open ? built : null);
  // showModal puts the focus on Close, the dialog's first control; the person came to write.
  useEffect(() => {
    if (open) document.querySelector<HTMLSelectElement>(`#${FORM_ID} select`)?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title={question ? 'Edit the question' : 'Write a question'}
      onClose={onClose}
      size="lg"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="submit" form={FORM_ID} className="btn btn-primary">{question ? 'Save changes' : 'Add the question'}</button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Unchanged: a bank question stays linked to the bank.
          if (question && JSON.stringify(form) === JSON.stringify(initial)) onClose();
          else onSave(built);
        }}
      >
        {bank ? (
          <p className="alert alert-info text-sm" role="note">
            This question is from the bank ({bank.id}, version {bank.version}). Saving changes here makes it this test's own copy: it is no longer linked to the bank.
          </p>
        ) : null}
        <QuestionFields form={form} onChange={setForm} description={false} />
      </form>
      <div className="mt-4">
        <QuestionPreviewPanel preview={preview} headingLevel={3} />
      </div>
    </Modal>
  );
}
