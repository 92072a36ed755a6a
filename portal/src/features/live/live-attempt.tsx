import type { ProctorCommand } from '@invigil/shared/api/live';
import { TERMINATED_BY_PROCTOR, TEST_EXTENDED } from '@invigil/shared/api/live-messages';
import { effect, signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { MessageCircle, PauseCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { session as authSession, userConfig } from '../auth/auth-state';
import { deliverLeftovers } from '../attempt/attempt-loader';
import { useAttempt } from '../attempt/attempt-context';
import { formatTimeLeft, spokenTimeLeft } from '../attempt/exam-timer';
import { extensionWatch } from '../proctoring/extension-focus-module';
import { rememberDevices, rememberedDevices } from '../tests/device-store';
import { showSnackbar } from '../../lib/snackbar';
import { Modal } from '../../ui/modal';
import { AppliedCommands } from './applied-commands';
import { startCameraReport } from './camera-report';
import { chatEnabled } from './chat-config';
import { chatNotice } from './chat-notice';
import { ChatPanel } from './chat-panel';
import { LiveClient } from './live-client';
import { livePing } from './live-api';
import { proctorRestarts } from './live-signals';

/** The running attempt's live client (one per test page), for the bottom bar's Chat button. */
const liveClient = signal<LiveClient | null>(null);
const chatOpen = signal(false);
/** The proctor's messages up to this ts were dismissed from the notice (the chat still counts them unread). */
const noticeDismissedUpTo = signal(0);
/** Chat shown for this attempt: the configs allow it and the server did not say otherwise. */
function useChatShown(client: LiveClient | null): boolean {
  const { config } = useAttempt();
  return client !== null && chatEnabled(config, userConfig.value) && client.chatDisabled.value !== true;
}

interface PendingWarning {
  command: ProctorCommand;
  acknowledge: () => void;
}

/** SELECT_WEBCAM: the camera the proctor named (its id here, or its label) becomes the test's camera. */
function selectCamera(testId: string, ed: string): void {
  const others = rememberedDevices(testId)
    .filter((device) => device.type !== 'videoinput')
    .concat(rememberedDevices(testId).filter((device) => device.type === 'videoinput' && device.deviceId !== ed).map((device) => ({ ...device, active: false })));
  rememberDevices(testId, [...others, { deviceId: ed, label: ed, type: 'videoinput', active: true }]);
}

/**
 * The Chat button of the test's bottom bar, with the count of the proctor's unread messages, and
 * above the bar's buttons a short notice of the proctor's newest message (its first line): it
 * takes a row of the bar, so it covers neither the question nor the clock; read politely; Dismiss
 * or Escape closes it, opening the chat clears it.
 */
export function LiveChatButton() {
  useSignals();
  const client = liveClient.value;
  const shown = useChatShown(client);
  const chatButton = useRef<HTMLButtonElement>(null);
  if (!client || !shown) return null;
  const unread = client.unread.value;
  const notice = chatOpen.value ? null : chatNotice(client.chat.value, Math.max(client.readUpTo.value, noticeDismissedUpTo.value));
  const dismiss = () => notice && (noticeDismissedUpTo.value = notice.ts);
  return (
    <>
      <p className="sr-only" aria-live="polite">{notice ? `Message from the proctor: ${notice.line}` : ''}</p>
      {notice ? (
        <div className="order-first flex min-w-0 basis-full items-center gap-2 rounded-box bg-info/15 px-2 py-1 text-sm" onKeyDown={(event) => event.key === 'Escape' && dismiss()}>
          <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1 truncate"><span className="font-semibold">Proctor: </span>{notice.line}</p>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => {
              // The notice goes as the chat opens: closing the chat returns to the Chat button.
              chatButton.current?.focus();
              chatOpen.value = true;
            }}
          >
            Open chat
          </button>
          <button type="button" className="btn btn-ghost btn-xs" onClick={dismiss} aria-label="Dismiss the proctor's message"><X className="h-4 w-4" aria-hidden="true" /></button>
        </div>
      ) : null}
      <button ref={chatButton} type="button" className="btn btn-ghost btn-sm relative sm:btn-md" onClick={() => (chatOpen.value = true)} aria-label={unread > 0 ? `Chat ${unread} unread` : 'Chat'}>
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        {/* Below 640 px only the icon, the count on its corner: Prev, Mark, Clear and Save & Next keep one row on a phone. */}
        <span className="hidden sm:inline">Chat</span>
        {unread > 0 ? <span className="badge badge-error badge-xs absolute -top-1 right-0 sm:static sm:badge-sm" aria-hidden="true">{unread}</span> : null}
      </button>
    </>
  );
}

/** PAUSE: the test is covered with the proctor's reason; the time shown stands still. */
function PauseCover({ reason }: { reason: string }) {
  useSignals();
  const { session } = useAttempt();
  if (!session.paused.value || session.phase.value !== 'running') return null;
  const left = session.timeLeft.value;
  return (
    <div className="fixed inset-0 z-[55] flex items-center justify-center bg-base-100 p-6" role="alertdialog" aria-modal="true" aria-labelledby="live-paused-title" aria-describedby="live-paused-text">
      <div className="max-w-md text-center">
        <PauseCircle className="mx-auto h-12 w-12 text-warning" aria-hidden="true" />
        <h2 id="live-paused-title" className="mt-3 text-2xl font-bold">Test paused by the proctor</h2>
        <p id="live-paused-text" className="mt-2 text-lg">{reason || 'Please wait: the proctor will resume your test.'}</p>
        <p className="mt-4">
          Time left <span className="font-mono text-xl font-bold tabular-nums" aria-label={spokenTimeLeft(left)}>{formatTimeLeft(left)}</span>
        </p>
        <p className="mt-1 text-sm opacity-80">Your time does not run while the test is paused.</p>
      </div>
    </div>
  );
}

/**
 * The live channel of the running test: the proctor's commands with their effects, the warning
 * dialog, the pause cover and the chat dialog. Nothing here is watched by proctoring: the chat and
 * the dialogs stay inside the page, so opening them is not time away.
 */
export function LiveAttemptLayer() {
  useSignals();
  const attempt = useAttempt();
  const { session, store, engine, testId, userId, paper } = attempt;
  const [warnings, setWarnings] = useState<PendingWarning[]>([]);
  const [pauseReason, setPauseReason] = useState('');

  useEffect(() => {
    const apply = async (command: ProctorCommand): Promise<void> => {
      switch (command.type) {
        case 'EXTEND_TEST':
          // The server moved the deadline already: its time left comes with the deadline message or the ping.
          showSnackbar(TEST_EXTENDED(command.et ?? 0), { color: 'info', timeout: 5_000 });
          return;
        case 'PAUSE':
          setPauseReason(command.reason);
          session.pause();
          return;
        case 'RESUME':
          session.resume();
          return;
        case 'WARN':
          return new Promise<void>((resolve) => setWarnings((list) => [...list, { command, acknowledge: resolve }]));
        case 'PROCTOR_TERMINATE':
          // Submitted on the server already: the journal's leftovers go as on the already-submitted path.
          await session.terminatedByProctor(() => deliverLeftovers(testId, userId), TERMINATED_BY_PROCTOR);
          return;
        case 'RELOAD':
          await store.journaled();
          // After the 'applied' ack has gone: the answers are journaled, the new page resumes them.
          setTimeout(() => {
            session.stop();
            window.location.reload();
          }, 300);
          return;
        case 'SELECT_WEBCAM':
          if (command.ed) selectCamera(testId, command.ed);
          proctorRestarts.value += 1;
          return;
        case 'RELOAD_IMAGE':
        case 'RELOAD_VIDEO':
          proctorRestarts.value += 1;
          return;
      }
    };
    const cameraReport = startCameraReport(testId);
    const client = new LiveClient({
      tid: testId,
      token: () => authSession.value?.token ?? null,
      status: () => {
        const overview = store.overview();
        return {
          qn: session.currentQn,
          answered: overview.attempted,
          marked: overview.marked,
          unsent: engine.state.value.unsent,
          extension: extensionWatch.value !== null,
          clock: Date.now(),
          ...cameraReport.read(),
        };
      },
      applied: new AppliedCommands(userId, testId),
      apply,
      ping: livePing,
      onDeadline: (timeLeft, paused) => session.onServerDeadline(timeLeft, paused),
    });
    liveClient.value = client;
    client.start();
    const removePing = session.onStatusPing(() => client.statusPing());
    // The proctor sees the extension take over (or let go) and the camera in use change now, not at
    // the next status ping (PING_INTERVAL): the extension's answer may come after the first ping.
    let shown: string | null = null;
    let pingSoon: ReturnType<typeof setTimeout> | undefined;
    const stopWatching = effect(() => {
      const now = `${extensionWatch.value !== null}|${cameraReport.read().camera ?? ''}`;
      if (shown !== null && now !== shown) {
        clearTimeout(pingSoon);
        pingSoon = setTimeout(() => void client.statusPing().catch(() => undefined), 250);
      }
      shown = now;
    });
    return () => {
      stopWatching();
      clearTimeout(pingSoon);
      removePing();
      cameraReport.stop();
      client.stop();
      liveClient.value = null;
      chatOpen.value = false;
      noticeDismissedUpTo.value = 0;
    };
  }, [session, store, engine, testId, userId]);

  const client = liveClient.value;
  const shown = useChatShown(client);
  const open = chatOpen.value && shown;
  useEffect(() => {
    if (open) client?.markRead();
  }, [open, client, client?.chat.value]);

  const warning = warnings[0];
  return (
    <>
      {client && shown ? (
        <ChatPanel
          open={open}
          title={`Chat: ${paper.name}`}
          messages={client.chat.value}
          onClose={() => (chatOpen.value = false)}
          onSend={async (text) => {
            const result = client.sendChat(text);
            if (!result.sent) return false;
            await result.delivered;
            return true;
          }}
        />
      ) : null}
      {warning ? (
        <Modal
          open
          title="Warning from the proctor"
          dismissable={false}
          actions={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                warning.acknowledge();
                setWarnings((list) => list.slice(1));
              }}
            >
              OK
            </button>
          }
        >
          <p role="alert">{warning.command.reason}</p>
          <p className="mt-2 text-sm opacity-80">From {warning.command.by}</p>
        </Modal>
      ) : null}
      <PauseCover reason={pauseReason} />
    </>
  );
}
