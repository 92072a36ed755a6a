import { hostClock } from '@invigil/shared/proctor/detector';
import { PromptGrace, type BrowserPromptName } from '@invigil/shared/proctor/prompt-grace';

/**
 * The page's record of the browser prompts the test itself opens (its screen picker, the upload
 * dialog's file chooser): while one holds the focus, the focus watch does not count time away
 * (shared/proctor/prompt-grace.ts).
 */
export const browserPrompts = new PromptGrace(hostClock(globalThis));

/** Call right before the prompt opens; call what it returns when the prompt closes. */
export function openBrowserPrompt(prompt: BrowserPromptName): () => void {
  return browserPrompts.open(prompt);
}

/**
 * Runs `open` (which asks for the camera or microphone) under a 'permission prompt' grace, unless
 * the browser says the permission is granted already (then no prompt shows, and no grace is given).
 */
export async function withPermissionPrompt<T>(kind: 'camera' | 'microphone', open: () => Promise<T>): Promise<T> {
  let state: PermissionState | 'unknown' = 'unknown';
  try {
    state = (await navigator.permissions.query({ name: kind as PermissionName })).state;
  } catch {
    // No Permissions API for it (some browsers): assume a prompt may show.
  }
  if (state === 'granted') return open();
  const close = openBrowserPrompt('permission prompt');
  try {
    return await open();
  } finally {
    close();
  }
}
