import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { THEMES, THEME_APPLIED_MESSAGE, activeThemeIndex, chooseTheme } from './themes';

/** The theme picker: four themes, each shown with its six colours. */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="theme-heading" onClose={onClose}>
      <div className="modal-box">
        <h2 id="theme-heading" className="text-lg font-bold">Theme</h2>
        <ul className="mt-4 grid gap-3" aria-label="Colour themes">
          {THEMES.map((theme, index) => (
            <li key={theme.name}>
              <button
                type="button"
                className={`btn btn-block h-auto justify-between py-3 ${activeThemeIndex.value === index ? 'btn-active ring-2 ring-primary' : 'btn-ghost border-base-300'}`}
                aria-pressed={activeThemeIndex.value === index}
                onClick={() => {
                  chooseTheme(index);
                  showSnackbar(THEME_APPLIED_MESSAGE, { color: 'success' });
                }}
              >
                <span>{theme.name}</span>
                <span className="flex gap-1" aria-hidden="true">
                  {Object.values(theme.colors).map((color) => (
                    <span key={color} className="inline-block h-6 w-6 rounded-full border border-base-300" style={{ backgroundColor: color }} />
                  ))}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>Close</button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button aria-label="Close theme picker">close</button>
      </form>
    </dialog>
  );
}
