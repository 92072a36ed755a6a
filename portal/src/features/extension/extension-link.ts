import { parseToPortal } from '@invigil/shared/protocol/messages';
import { createPairRequest, isAckFor } from '@invigil/shared/protocol/pairing';
import { extensionLink, extensionPairingSettled } from './extension-status';

/** The bridge content script may start after the page: ask again a few times, then give up. */
const RETRY_DELAYS_MS = [0, 300, 1000, 2500, 5000];

/**
 * Pairs with the extension through its content-script bridge. Only a well-formed PAIR_ACK that
 * echoes our own request id and nonce, posted by this window for this origin, is believed.
 */
export function pairWithExtension(win: Window = window): () => void {
  const request = createPairRequest();
  const timers: ReturnType<typeof setTimeout>[] = [];

  function onMessage(event: MessageEvent) {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const message = parseToPortal(event.data);
    if (!message || message.type !== 'PAIR_ACK' || !isAckFor(message, request, win.location.origin)) return;
    extensionLink.value = { extensionVersion: message.payload.extensionVersion, origin: message.payload.origin };
    stop();
    extensionPairingSettled.value = true;
  }

  function stop() {
    timers.forEach(clearTimeout);
    win.removeEventListener('message', onMessage);
  }

  win.addEventListener('message', onMessage);
  for (const delay of RETRY_DELAYS_MS) {
    timers.push(setTimeout(() => win.postMessage(request, win.location.origin), delay));
  }
  timers.push(
    setTimeout(() => {
      stop();
      extensionPairingSettled.value = true;
    }, RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]! + 2000),
  );
  return stop;
}
