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
