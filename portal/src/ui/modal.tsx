import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FOCUS_GUARD_ATTRIBUTE, FOCUS_GUARD_CLASS, passFocusOn, watchTabKey } from './focus-loop';
import { useOverflows } from './use-keyboard-scroll';

interface ModalProps {
  open: boolean;
  title: string;
  onClose?: () => void;
  children: ReactNode;
  /** Full screen (the preview); otherwise a centred box. */
  fullScreen?: boolean;
  /** Actions row at the bottom. */
  actions?: ReactNode;
  /** False: Escape does not close it (rest between parts, submitting). */
  dismissable?: boolean;
  size?: 'md' | 'lg';
}

/** One end of the dialog's focus loop (ui/focus-loop.ts). */
function FocusGuard({ at }: { at: 'start' | 'end' }) {
  return (
    <span
      tabIndex={0}
      {...{ [FOCUS_GUARD_ATTRIBUTE]: at }}
      className={FOCUS_GUARD_CLASS}
      onFocus={(event) => passFocusOn(event.currentTarget, event.currentTarget.closest('dialog') ?? document.body)}
    />
  );
}

/**
 * A modal on the native <dialog>: Escape closes, the page behind is inert, and Tab goes round the
 * dialog's own controls (Chrome would let it leave for the toolbar: during a test, that is leaving).
 */
export function Modal({ open, title, onClose, children, fullScreen = false, actions, dismissable = true, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  // Content taller than the box (the preview, a long read-only text) is scrolled by keyboard too.
  const scrolls = useOverflows(body, open);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    watchTabKey(dialog.ownerDocument);
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  if (!open) return null;
  const box = fullScreen
    ? 'modal-box flex h-dvh max-h-dvh w-screen max-w-none flex-col rounded-none p-0'
    : `modal-box flex max-h-[90dvh] flex-col p-0 ${size === 'lg' ? 'w-11/12 max-w-4xl' : 'w-11/12 max-w-lg'}`;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissable) onClose?.();
      }}
    >
      <FocusGuard at="start" />
      <div className={box}>
        <div className="flex items-center justify-between gap-2 border-b border-base-300 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold">{title}</h2>
          {dismissable && onClose ? (
            <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={onClose}>
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <div
          ref={body}
          className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
          {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          {children}
        </div>
        {actions ? <div className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-4 py-3">{actions}</div> : null}
      </div>
      <FocusGuard at="end" />
    </dialog>
  );
}
