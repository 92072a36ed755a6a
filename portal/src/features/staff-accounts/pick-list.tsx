import { useId, useState } from 'react';

/**
 * A multi-select with search: a fieldset of checkboxes (its legend the label), filtered by a search
 * box above it. What the search hides stays chosen; the count says how many are.
 */
export function PickList({ label, options, chosen, onChange }: {
  label: string;
  options: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle ? options.filter((option) => option.name.toLowerCase().includes(needle) || option.id.toLowerCase().includes(needle)) : options;
  const chosenSet = new Set(chosen);
  return (
    <fieldset className="fieldset min-w-0 rounded-box border border-base-300 p-3">
      <legend className="fieldset-legend text-sm">
        {label} <span className="font-normal opacity-80">({chosen.length} chosen)</span>
      </legend>
      {options.length === 0 ? (
        <p className="text-sm opacity-80">There are none to choose from yet.</p>
      ) : (
        <>
          <label htmlFor={searchId} className="text-sm">Search {label.toLowerCase()}</label>
          <input id={searchId} type="search" className="input input-bordered input-sm w-full" value={query} onChange={(event) => setQuery(event.target.value)} />
          <ul className="mt-2 max-h-48 overflow-y-auto" aria-label={label}>
            {shown.map((option) => (
              <li key={option.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 hover:bg-base-200">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={chosenSet.has(option.id)}
                    onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((each) => each !== option.id))}
                  />
                  <span className="min-w-0 break-words">{option.name}</span>
                </label>
              </li>
            ))}
            {shown.length === 0 ? <li className="px-1 py-1 text-sm opacity-80">None match “{query.trim()}”.</li> : null}
          </ul>
        </>
      )}
    </fieldset>
  );
}
