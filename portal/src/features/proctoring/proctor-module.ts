import type { SubmitReason } from '@invigil/shared/api/attempt-sync';
import type { ProctorDetail, ReportedEventKind } from '@invigil/shared/api/proctor';
import type { ReactNode } from 'react';

/**
 * What the page's proctoring shows the student: a dialog, or a full-screen overlay (spec: the
 * 'Multiple Faces Detected!' warning covers the screen). With `submitAt`, the test is submitted at
 * that time unless the student puts things right, and the warning counts down.
 */
export interface ProctorWarning {
  /** Which module and rule raised it: a later warning of the same source replaces it. */
  source: string;
  reason: string;
  title: string;
  text: string;
  submitAt: number | null;
  overlay?: boolean;
  /** A button that puts things right (e.g. 'Return to full screen'); its icon defaults to full screen's. */
  action?: { label: string; run: () => void; icon?: ReactNode };
}

/** What a module gets from the host: the attempt, and ways to record, warn and submit. */
export interface ProctorContext {
  testId: string;
  /** userId:testId, the key of this attempt's local records. */
  attemptKey: string;
  config: Readonly<Record<string, unknown>>;
  win: Window;
  /** Records an event on the trail (source 'page'); `at` defaults to now. */
  record(kind: ReportedEventKind, options?: { at?: number; detail?: ProctorDetail; evidence?: string }): void;
  /** Shows a warning, or (null) takes this source's warning down. */
  warn(source: string, warning: Omit<ProctorWarning, 'source'> | null): void;
  /** Submits the test (once; later calls are ignored). */
  submit(reason: SubmitReason): void;
  /** Uploads a snapshot (WebP/PNG/JPEG) for the trail; resolves to its file name, or null if it failed. */
  uploadSnapshot(image: Blob, reason: ReportedEventKind | 'IMAGE_PROCTOR'): Promise<string | null>;
}

/**
 * One proctoring signal hosted by the page (tab switches, camera, microphone, screen share):
 * `start` begins and returns `stop`. A module that does not apply to this test's config returns a
 * no-op stop. Modules never talk to each other; each reports through the context.
 */
export interface ProctorModule {
  name: string;
  start(ctx: ProctorContext): (() => void) | Promise<() => void>;
}
