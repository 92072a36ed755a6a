/**
 * One tab keeps an attempt. A tab that opens it announces a claim on a BroadcastChannel and
 * waits for the attempt's Web Lock before it reads the journal: the older tab, on the claim,
 * journals what the student just did, stops, and so releases the lock. The newer tab then
 * reads every answer, even one chosen a moment before it opened.
 */
export interface AttemptClaim {
  /** Called when a newer tab claims the attempt: journal, then release. */
  onTakenOver(handler: () => void): void;
  release(): void;
}

const CLAIM = 'claim';
/** An older tab that does not answer in this time (frozen, or stuck) has its lock taken. */
export const CLAIM_WAIT_MS = 3000;

export async function claimAttempt(name: string, waitMs = CLAIM_WAIT_MS): Promise<AttemptClaim> {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  let takenOver: (() => void) | null = null;
  let pendingClaim = false;
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (event.data !== CLAIM) return;
      if (takenOver) takenOver();
      else pendingClaim = true;
    };
    channel.postMessage(CLAIM);
  }
  let releaseLock: () => void = () => {};
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    const granted = (): Promise<void> => new Promise<void>((acquired) => {
      const hold = (): Promise<void> => {
        acquired();
        return held;
      };
      locks.request(name, { signal: AbortSignal.timeout(waitMs) }, hold).catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'TimeoutError' && (error as { name?: string }).name !== 'AbortError') return acquired();
        void locks.request(name, { steal: true }, hold).catch(() => acquired());
      });
    });
    await granted();
  }
  let released = false;
  return {
    onTakenOver(handler) {
      takenOver = handler;
      if (pendingClaim) handler();
    },
    release() {
      if (released) return;
      released = true;
      channel?.close();
      releaseLock();
    },
  };
}
