// Pieces the grading screens share (issue 29's answers, issue 30's assignment submissions).

/** Whether focus is in a text field (its keys type, they are not shortcuts). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Whether focus is on something Enter already works (a button, link, checkbox). */
export function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.closest('button, a, summary, [role="button"]') !== null || (target instanceof HTMLInputElement && ['checkbox', 'radio'].includes(target.type)));
}

/** The keys listed on screen, folded. */
export function KeyboardHelp({ keys }: { keys: readonly (readonly [string, string])[] }) {
  return (
    <details className="mt-2 rounded-box border border-base-300 px-3 py-2">
      <summary className="cursor-pointer font-medium">Keyboard shortcuts</summary>
      <p className="mt-1 text-sm">They work when the cursor is not in a text field.</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {keys.map(([key, meaning]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="kbd kbd-sm">{key}</kbd>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
