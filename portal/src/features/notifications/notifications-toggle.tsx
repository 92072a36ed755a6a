import { NOTIFICATION_MESSAGES } from '@invigil/shared/api/notification-messages';
import { useSignals } from '@preact/signals-react/runtime';
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { showSnackbar } from '../../lib/snackbar';
import { disablePush, enablePush, ENABLE_MESSAGES, pushState, refreshPushState, type PushState } from './push-subscription';

const STATUS_TEXT: Record<PushState, string> = {
  checking: 'Checking this browser…',
  unsupported: 'This browser cannot receive notifications.',
  blocked: "Blocked in this browser's site settings.",
  off: 'Off in this browser.',
  on: 'On in this browser.',
};

function errorText(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Notifications could not be turned on: ${reason}`;
}

/**
 * The desk's notifications toggle (spec: Home desk, exam updates with a notifications toggle):
 * Enable asks for permission and subscribes this browser to the student's notifications; the spec's
 * messages say when it is blocked or already on. Turn off unsubscribes this browser.
 */
export function NotificationsToggle() {
  useSignals();
  const labelId = useId();
  const statusId = useId();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void refreshPushState();
  }, []);

  async function enable() {
    setBusy(true);
    try {
      const outcome = await enablePush();
      const message = ENABLE_MESSAGES[outcome];
      showSnackbar(message.text, { color: message.color });
    } catch (error) {
      showSnackbar(errorText(error), { color: 'error' });
      await refreshPushState();
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await disablePush();
      showSnackbar(NOTIFICATION_MESSAGES.turnedOff, { color: 'info' });
    } catch (error) {
      showSnackbar(error instanceof Error ? error.message : String(error), { color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const state = pushState.value;
  const on = state === 'on';
  const Icon = on ? BellRing : BellOff;
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={statusId} className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Icon className={`h-5 w-5 flex-none ${on ? 'text-success' : 'opacity-70'}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-medium">Push notifications</p>
        <p id={statusId} className="text-sm opacity-80" aria-live="polite">{STATUS_TEXT[state]}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy || state === 'checking'} aria-busy={busy} onClick={() => void enable()}>
          Enable notifications
        </button>
        {on ? (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void turnOff()}>
            Turn off
          </button>
        ) : null}
      </div>
    </div>
  );
}
