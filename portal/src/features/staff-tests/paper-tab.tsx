import type { DraftPart, DraftQuestion, DraftSection } from '@invigil/shared/api/staff-tests';
import type { ImportQuestion } from '@invigil/shared/api/test-import';
import { FilePenLine, Library, MoveDown, MoveUp, Plus, SquarePen, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { TYPE_NAMES } from '../staff-bank/bank-api';
import { BankPickerDialog } from './bank-picker-dialog';
import { CheckField, InputField, numberOf, type TabProps } from './editor-fields';
import { QuestionDialog } from './question-dialog';
import {
  addPart,
  addQuestions,
  addSection,
  fieldId,
  firstLine,
  movePart,
  moveQuestion,
  moveSection,
  paperTotals,
  partId,
  questionId,
  questionNumbers,
  removePart,
  removeQuestion,
  removeSection,
  replaceQuestion,
  sectionId,
  updatePart,
  updateSection,
} from './test-draft';

type Change = TabProps['change'];
const marksText = (question: ImportQuestion) => (question.nm > 0 ? `+${question.pm} / -${question.nm}` : `+${question.pm}`);

/** After a move, the focus follows the item to its new place (its same button, or the other one at an end). */
function focusMoved(containerId: string, by: -1 | 1) {
  requestAnimationFrame(() => {
    const container = document.getElementById(containerId);
    const button = container?.querySelector<HTMLButtonElement>(`[data-move="${by}"]:not(:disabled)`) ?? container?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  });
}

/** After a removal, the focus goes to what took the item's place (its first button), else to `fallbackId`. */
function focusAfterRemove(candidateIds: readonly string[]) {
  requestAnimationFrame(() => {
    for (const id of candidateIds) {
      const element = document.getElementById(id);
      if (!element) continue;
      const target = element instanceof HTMLButtonElement || element instanceof HTMLInputElement ? element : element.querySelector<HTMLElement>('input, button:not(:disabled)') ?? element;
      target.focus();
      return;
    }
  });
}

/** Asks before a part or section with questions goes (a question alone goes at once: Add from bank brings it back). */
const confirmRemoval = (what: string, questions: number) => questions === 0 || window.confirm(`Remove ${what} and its ${questions} question${questions === 1 ? '' : 's'}?`);

/** Up, Down and Remove for one item of the outline (named in each button for screen readers). */
function MoveButtons({ name, first, last, onMove, onRemove, movedTo }: { name: string; first: boolean; last: boolean; onMove: (by: -1 | 1) => void; onRemove: () => void; movedTo: (by: -1 | 1) => string }) {
  const move = (by: -1 | 1) => {
    onMove(by);
    focusMoved(movedTo(by), by);
  };
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" data-move="-1" className="btn btn-ghost btn-sm btn-square" aria-label={`Move ${name} up`} disabled={first} onClick={() => move(-1)}><MoveUp className="h-4 w-4" aria-hidden="true" /></button>
      <button type="button" data-move="1" className="btn btn-ghost btn-sm btn-square" aria-label={`Move ${name} down`} disabled={last} onClick={() => move(1)}><MoveDown className="h-4 w-4" aria-hidden="true" /></button>
      <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Remove ${name}`} onClick={onRemove}><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
    </div>
  );
}

/** Part and section instructions: HTML, in a plain textarea (the Details tab has the toolbar). */
function InstructionField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-medium">Instruction</label>
      <textarea id={id} className="textarea textarea-bordered w-full font-mono text-sm" rows={2} aria-describedby={`${id}-hint`} value={value} onChange={(event) => onChange(event.target.value)} />
      <p id={`${id}-hint`} className="text-sm opacity-80">HTML, shown above its questions.</p>
    </div>
  );
}

interface QuestionTarget {
  pi: number;
  si: number;
  /** null: a new question. */
  qi: number | null;
}

function QuestionRow({ item, number, pi, si, qi, count, change, onEdit }: { item: DraftQuestion; number: number; pi: number; si: number; qi: number; count: number; change: Change; onEdit: () => void }) {
  const { question } = item;
  const name = `question ${number}`;
  return (
    <li id={questionId(pi, si, qi)} tabIndex={-1} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box bg-base-200 px-3 py-2 focus:outline-2 focus:outline-offset-2 focus:outline-primary">
      <span className="font-bold">Q{number}</span>
      <span className="badge badge-outline whitespace-nowrap">{TYPE_NAMES[String(question.qt)] ?? `Type ${question.qt}`}</span>
      <span className="whitespace-nowrap text-sm">{marksText(question)}</span>
      {item.bank ? <span className="badge badge-info badge-outline whitespace-nowrap" title={`Bank question ${item.bank.id}, version ${item.bank.version}`}>From the bank</span> : null}
      <span className="min-w-0 basis-full text-sm sm:basis-0 sm:flex-1">{firstLine(question.text) || <em>No text yet</em>}</span>
      <div className="flex flex-wrap gap-1">
        <button type="button" className="btn btn-ghost btn-sm gap-1" aria-label={`Edit ${name}`} onClick={onEdit}><SquarePen className="h-4 w-4" aria-hidden="true" />Edit</button>
        <MoveButtons name={name} first={qi === 0} last={qi === count - 1} movedTo={(by) => questionId(pi, si, qi + by)} onMove={(by) => change((draft) => moveQuestion(draft, pi, si, qi, by))} onRemove={() => {
            change((draft) => removeQuestion(draft, pi, si, qi));
            focusAfterRemove([...(qi < count - 1 ? [questionId(pi, si, qi)] : []), ...(qi > 0 ? [questionId(pi, si, qi - 1)] : []), `${sectionId(pi, si)}-add-from-bank`]);
          }} />
      </div>
    </li>
  );
}

function SectionBox({ section, numbers, pi, si, count, change, onWrite, onEdit, onPick }: { section: DraftSection; numbers: number[]; pi: number; si: number; count: number; change: Change; onWrite: () => void; onEdit: (qi: number) => void; onPick: () => void }) {
  const label = `section ${si + 1} of part ${pi + 1}`;
  return (
    <section id={`${sectionId(pi, si)}-box`} aria-label={`Section ${si + 1}: ${section.name || 'no name'}`} className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <InputField id={sectionId(pi, si)} label={`Section ${si + 1} name`} value={section.name} onChange={(name) => change((draft) => updateSection(draft, pi, si, { name }))} className="min-w-0 flex-1 basis-48" />
        <MoveButtons name={label} first={si === 0} last={si === count - 1} movedTo={(by) => `${sectionId(pi, si + by)}-box`} onMove={(by) => change((draft) => moveSection(draft, pi, si, by))} onRemove={() => {
          if (!confirmRemoval(label, section.questions.length)) return;
          change((draft) => removeSection(draft, pi, si));
          focusAfterRemove([...(si < count - 1 ? [`${sectionId(pi, si)}-box`] : []), ...(si > 0 ? [`${sectionId(pi, si - 1)}-box`] : []), `${partId(pi)}-add-section`]);
        }} />
      </div>
      <details className="rounded-box bg-base-200 px-3 py-2">
        <summary className="cursor-pointer font-medium">Section settings: instruction, shuffling, tap answers</summary>
        <div className="mt-3 flex flex-col gap-3">
          <InstructionField id={`${sectionId(pi, si)}-instruction`} value={section.instruction} onChange={(instruction) => change((draft) => updateSection(draft, pi, si, { instruction }))} />
          <CheckField id={`${sectionId(pi, si)}-sq`} label="Shuffle its questions" checked={section.sq} onChange={(sq) => change((draft) => updateSection(draft, pi, si, { sq }))} />
          <CheckField id={`${sectionId(pi, si)}-so`} label="Shuffle its options" checked={section.so} onChange={(so) => change((draft) => updateSection(draft, pi, si, { so }))} />
          <CheckField id={`${sectionId(pi, si)}-tap`} label="Tap section" checked={section.tap} onChange={(tap) => change((draft) => updateSection(draft, pi, si, { tap }))} hint="Answers are given by tapping sub-labels a to z (option labels are then lowercase)." />
        </div>
      </details>
      {section.questions.length === 0 ? <p className="text-sm">No questions yet.</p> : null}
      <ol className="flex flex-col gap-2" aria-label={`Questions of section ${si + 1}`}>
        {section.questions.map((item, qi) => (
          <QuestionRow key={qi} item={item} number={numbers[qi] ?? qi + 1} pi={pi} si={si} qi={qi} count={section.questions.length} change={change} onEdit={() => onEdit(qi)} />
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button id={`${sectionId(pi, si)}-add-from-bank`} type="button" className="btn btn-sm btn-outline gap-1" onClick={onPick}><Library className="h-4 w-4" aria-hidden="true" />Add from bank</button>
        <button type="button" className="btn btn-sm btn-outline gap-1" onClick={onWrite}><FilePenLine className="h-4 w-4" aria-hidden="true" />Write a question</button>
      </div>
    </section>
  );
}

function PartDuration({ part, pi, change }: { part: DraftPart; pi: number; change: Change }) {
  const [text, setText] = useState(part.duration === null ? '' : String(part.duration));
  const shown = numberOf(text) === part.duration ? text : part.duration === null ? '' : String(part.duration);
  return (
    <InputField
      id={`${partId(pi)}-duration`}
      label={`Part ${pi + 1} minutes`}
      type="number"
      min={0}
      step="any"
      value={shown}
      className="basis-36"
      onChange={(next) => {
        setText(next);
        const minutes = numberOf(next);
        change((draft) => updatePart(draft, pi, { duration: minutes !== null && minutes > 0 ? minutes : null }));
      }}
    />
  );
}

/** Paper: parts, their sections and questions as an outline; questions added from the bank or written in place. */
export function PaperTab({ draft, change }: TabProps) {
  const totals = paperTotals(draft);
  const numbers = questionNumbers(draft);
  const [writing, setWriting] = useState<QuestionTarget | null>(null);
  const [picking, setPicking] = useState<{ pi: number; si: number } | null>(null);
  const [pickerWanted, setPickerWanted] = useState(false);
  // The control that opened a dialog gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restore = () => requestAnimationFrame(() => opener.current?.focus());

  const editing = writing && writing.qi !== null ? draft.parts[writing.pi]?.sections[writing.si]?.questions[writing.qi] ?? null : null;
  const pickSection = picking ? draft.parts[picking.pi]?.sections[picking.si] : undefined;

  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-box bg-base-200 px-3 py-2 font-medium" aria-live="polite">
        {totals.questions} question{totals.questions === 1 ? '' : 's'}, {totals.maxMarks} mark{totals.maxMarks === 1 ? '' : 's'} in all
      </p>
      {draft.parts.map((part, pi) => (
        <section key={pi} id={`${partId(pi)}-box`} aria-label={`Part ${pi + 1}: ${part.name || 'no name'}`} className="flex flex-col gap-3 rounded-box border-2 border-base-300 p-3">
          <div className="flex flex-wrap items-end gap-2">
            <InputField id={partId(pi)} label={`Part ${pi + 1} name`} value={part.name} onChange={(name) => change((current) => updatePart(current, pi, { name }))} className="min-w-0 flex-1 basis-48" />
            {draft.partwise_timing ? <PartDuration part={part} pi={pi} change={change} /> : null}
            <MoveButtons name={`part ${pi + 1}`} first={pi === 0} last={pi === draft.parts.length - 1} movedTo={(by) => `${partId(pi + by)}-box`} onMove={(by) => change((current) => movePart(current, pi, by))} onRemove={() => {
              if (!confirmRemoval(`part ${pi + 1}`, part.sections.reduce((sum, section) => sum + section.questions.length, 0))) return;
              change((current) => removePart(current, pi));
              focusAfterRemove([...(pi < draft.parts.length - 1 ? [`${partId(pi)}-box`] : []), ...(pi > 0 ? [`${partId(pi - 1)}-box`] : []), fieldId('add-part')]);
            }} />
          </div>
          <details className="rounded-box bg-base-200 px-3 py-2">
            <summary className="cursor-pointer font-medium">Part settings: instruction, shuffling</summary>
            <div className="mt-3 flex flex-col gap-3">
              <InstructionField id={`${partId(pi)}-instruction`} value={part.instruction} onChange={(instruction) => change((current) => updatePart(current, pi, { instruction }))} />
              <CheckField id={`${partId(pi)}-sq`} label="Shuffle its questions" checked={part.sq} onChange={(sq) => change((current) => updatePart(current, pi, { sq }))} />
              <CheckField id={`${partId(pi)}-so`} label="Shuffle its options" checked={part.so} onChange={(so) => change((current) => updatePart(current, pi, { so }))} />
            </div>
          </details>
          {part.sections.map((section, si) => (
            <SectionBox
              key={si}
              section={section}
              numbers={numbers[pi]?.[si] ?? []}
              pi={pi}
              si={si}
              count={part.sections.length}
              change={change}
              onWrite={() => {
                remember();
                setWriting({ pi, si, qi: null });
              }}
              onEdit={(qi) => {
                remember();
                setWriting({ pi, si, qi });
              }}
              onPick={() => {
                remember();
                setPickerWanted(true);
                setPicking({ pi, si });
              }}
            />
          ))}
          <button id={`${partId(pi)}-add-section`} type="button" className="btn btn-sm btn-outline gap-1 self-start" onClick={() => change((current) => addSection(current, pi))}>
            <Plus className="h-4 w-4" aria-hidden="true" />Add a section to part {pi + 1}
          </button>
        </section>
      ))}
      {draft.parts.length === 0 ? <p>The paper has no parts yet: add one, then its questions.</p> : null}
      <button id={fieldId('add-part')} type="button" className="btn btn-outline gap-1 self-start" onClick={() => change((current) => addPart(current))}>
        <Plus className="h-4 w-4" aria-hidden="true" />Add a part
      </button>
      {writing ? (
        <QuestionDialog
          key={`${writing.pi}-${writing.si}-${writing.qi ?? 'new'}`}
          open
          question={editing?.question ?? null}
          bank={editing?.bank ?? null}
          tap={draft.parts[writing.pi]?.sections[writing.si]?.tap ?? false}
          onClose={() => {
            setWriting(null);
            restore();
          }}
          onSave={(question) => {
            const target = writing;
            change((current) => (target.qi === null ? addQuestions(current, target.pi, target.si, [{ bank: null, question }]) : replaceQuestion(current, target.pi, target.si, target.qi, question)));
            setWriting(null);
            restore();
          }}
        />
      ) : null}
      {pickerWanted ? (
        <BankPickerDialog
          open={picking !== null}
          sectionName={pickSection?.name ?? ''}
          onClose={() => {
            setPicking(null);
            restore();
          }}
          onAdd={(questions) => {
            const target = picking;
            if (target) change((current) => addQuestions(current, target.pi, target.si, questions));
            setPicking(null);
            restore();
          }}
        />
      ) : null}
    </div>
  );
}
