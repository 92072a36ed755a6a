import type { TestType } from '@invigil/shared/api/tests';
import { useState } from 'react';
import { HtmlArea } from '../staff-bank/question-form';
import { InputField, SelectField, type TabProps } from './editor-fields';
import { chaptersFromText, fieldId } from './test-draft';

const TYPES: readonly (readonly [TestType, string])[] = [
  ['live', 'Live test (questions on screen)'],
  ['aio-pdf', 'Paper as a PDF'],
  ['third-party', 'Third-party test'],
  ['chapter', 'Chapter test (practice)'],
];

/** Details: name, description, type, instructions (HTML) and chapters. */
export function DetailsTab({ draft, change }: TabProps) {
  // The chapters as typed (a trailing comma stays while typing); the draft gets the list.
  const [chapters, setChapters] = useState(() => draft.chapters.join(', '));
  return (
    <div className="flex flex-col gap-4">
      <InputField id={fieldId('name')} label="Name" value={draft.name} onChange={(name) => change((current) => ({ ...current, name }))} hint="As students see it in their list." />
      <p className="text-sm">Id: <span className="font-mono">{draft.id}</span> (fixed)</p>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={fieldId('description')} className="font-medium">Description</label>
        <textarea id={fieldId('description')} className="textarea textarea-bordered w-full" rows={2} value={draft.description} onChange={(event) => change((current) => ({ ...current, description: event.target.value }))} />
      </div>
      <SelectField id={fieldId('type')} label="Type" value={draft.type} options={TYPES} onChange={(type) => change((current) => ({ ...current, type: type as TestType }))} />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={fieldId('instruction')} className="font-medium">Instructions</label>
        <HtmlArea id={fieldId('instruction')} hintId={`${fieldId('instruction')}-hint`} label="Instructions" value={draft.instruction} rows={6} onChange={(instruction) => change((current) => ({ ...current, instruction }))} />
        <p id={`${fieldId('instruction')}-hint`} className="text-sm opacity-80">HTML, shown on the instruction page before the test starts. Math as TeX between \( \) or $$ $$.</p>
      </div>
      <InputField
        id={fieldId('chapters')}
        label="Chapters"
        value={chapters}
        onChange={(text) => {
          setChapters(text);
          change((current) => ({ ...current, chapters: chaptersFromText(text) }));
        }}
        hint="Separated by commas; the results list shows them."
      />
    </div>
  );
}
