import { useSignals } from '@preact/signals-react/runtime';
import { dismissSnackbar, snackbarBottomClearance, snackbarMessages } from '../lib/snackbar';

const COLOR_CLASS = { success: 'alert-success', error: 'alert-error', info: 'alert-info', warning: 'alert-warning' } as const;

export function SnackbarHost() {
  useSignals();
  const clearance = snackbarBottomClearance.value;
  return (
    <div
      className="toast toast-bottom toast-center z-50"
      style={clearance > 0 ? { bottom: clearance } : undefined}
      role="status"
      aria-live="polite"
    >
      {snackbarMessages.value.map((message) => (
        <div key={message.id} className={`alert ${COLOR_CLASS[message.color]} shadow-lg`}>
          <span>{message.text}</span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss" onClick={() => dismissSnackbar(message.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
