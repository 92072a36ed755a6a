import type { TestConfig } from '@invigil/shared/api/tests';
import { isFlagOn } from '@invigil/shared/domain/config-flag';
import { testTakesPdf } from '@invigil/shared/api/upload-types';
import { AUTOSAVE_INTERVAL, PING_INTERVAL } from '@invigil/shared/domain/constants';

/** A flag with a default for when the config does not mention it (spec section 9 defaults). */
export function flag(config: TestConfig, key: string, fallback: boolean): boolean {
  const value = config[key];
  if (value === undefined || value === null || value === '') return fallback;
  return isFlagOn(value);
}

/** A positive whole number from the config, else the default. */
export function interval(config: TestConfig, key: string, fallback: number): number {
  const value = Number(config[key]);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export interface AttemptFlags {
  /** Defaults on: the preview button shows only when HIDE_TEST_PREVIEW is explicitly off. */
  hideTestPreview: boolean;
  /** Defaults on: the pre-submit upload dialog is skipped unless HIDE_PRE_SUBMIT is explicitly off. */
  hidePreSubmit: boolean;
  onlyPdfAnswer: boolean;
  /** The test takes answer-sheet PDFs while it runs (PDF_UPLOAD or ONLY_PDF_ANSWER). */
  takesPdf: boolean;
  autosaveInterval: number;
  pingInterval: number;
}

export function attemptFlags(config: TestConfig): AttemptFlags {
  return {
    hideTestPreview: flag(config, 'HIDE_TEST_PREVIEW', true),
    hidePreSubmit: flag(config, 'HIDE_PRE_SUBMIT', true),
    onlyPdfAnswer: flag(config, 'ONLY_PDF_ANSWER', false),
    takesPdf: testTakesPdf(config),
    autosaveInterval: interval(config, 'AUTOSAVE_INTERVAL', AUTOSAVE_INTERVAL),
    pingInterval: interval(config, 'PING_INTERVAL', PING_INTERVAL),
  };
}
