import { parsePairAck } from '@invigil/shared/protocol/pair-ack';
import { createPairRequest, isAckFor } from '@invigil/shared/protocol/pairing';
import { extensionLink, extensionPairingSettled } from './extension-status';

/** The bridge content script may start after the page: ask again a few times, then give up. */
const RETRY_DELAYS_MS = [0, 300, 1000, 2500, 5000];
/**
 * The bridge runs at document_start, before any page script, so an installed extension answers the
 * first request within milliseconds: with no answer by then there is most likely none, and whoever
 * waits for pairing (the camera and microphone handover, the screen picker) stops waiting. A late
 * answer still pairs.
 */
export const PAIRING_SETTLE_MS = 1_500;

/**
 * Pairs with the extension through its content-script bridge. Only a well-formed PAIR_ACK that
 * echoes our own request id and nonce, posted by this window for this origin, is believed.
 */
export function pairWithExtension(win: Window = window): () => void {
  const request = createPairRequest();
  const timers: ReturnType<typeof setTimeout>[] = [];

  function onMessage(event: MessageEvent) {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const message = parsePairAck(event.data);
    if (!message || !isAckFor(message, request, win.location.origin)) return;
    extensionLink.value = { extensionVersion: message.payload.extensionVersion, origin: message.payload.origin };
    stop();
    extensionPairingSettled.value = true;
  }

  function stop() {
    timers.forEach(clearTimeout);
    win.removeEventListener('message', onMessage);
  }

  win.addEventListener('message', onMessage);
  timers.push(setTimeout(() => (extensionPairingSettled.value = true), PAIRING_SETTLE_MS));
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
