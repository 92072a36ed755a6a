import type { RubricItem } from '@invigil/shared/api/staff-grading';
import { useState } from 'react';

interface Row {
  id: string;
  points: string;
  text: string;
}

let counter = 0;
const newId = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Edits a question's rubric: items with points (half marks; negative takes away) and the text the student sees. */
export function RubricEditor({ qn, items, onSave, onCancel }: { qn: number; items: RubricItem[]; onSave: (items: RubricItem[]) => Promise<void>; onCancel: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => (items.length > 0 ? items.map((item) => ({ id: item.id, points: String(item.points), text: item.text })) : [{ id: newId(), points: '', text: '' }]));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (index: number, patch: Partial<Row>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const save = async () => {
    const filled = rows.filter((row) => row.text.trim() !== '' || row.points.trim() !== '');
    for (const [i, row] of filled.entries()) {
      const points = Number(row.points);
      if (row.points.trim() === '' || !Number.isFinite(points) || !Number.isInteger(points * 2)) {
        setError(`Item ${i + 1}: points must be a number in half marks (e.g. 2 or 1.5; negative takes marks away).`);
        return;
      }
      if (row.text.trim() === '') {
        setError(`Item ${i + 1}: write the text the student sees.`);
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(filled.map((row) => ({ id: row.id, points: Number(row.points), text: row.text.trim() })));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="mt-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 font-medium">Rubric of question {qn}</legend>
      <ol className="flex flex-col gap-2">
        {rows.map((row, i) => (
          <li key={row.id} className="flex flex-wrap items-end gap-2">
            <label className="flex w-20 flex-col text-sm">
              <span>Points {i + 1}</span>
              <input type="text" inputMode="decimal" className="input input-bordered input-sm w-full" value={row.points} onChange={(event) => change(i, { points: event.target.value })} />
            </label>
            <label className="flex min-w-0 flex-1 basis-40 flex-col text-sm">
              <span>Text {i + 1}</span>
              <input type="text" className="input input-bordered input-sm w-full" value={row.text} onChange={(event) => change(i, { text: event.target.value })} />
            </label>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRows((current) => current.filter((_, j) => j !== i))}>
              Remove<span className="sr-only"> item {i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="mt-2 text-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setRows((current) => [...current, { id: newId(), points: '', text: '' }])}>
          Add item
        </button>
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void save()}>
          Save rubric
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
