import { useEffect, useState } from 'react';

/** Loads once; a load that failed (offline) is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/*
 * The attempt's upload screens (answer photos, answer-sheet PDFs and the camera behind them) come in
 * their own chunks: a test that takes no files never downloads them. A test that does loads them as
 * it opens (preloadUploadParts), so a network drop later in the test cannot keep them away.
 */
export const loadQuestionFilesPanel = once(() => import('./question-files-panel'));
export const loadAnswerSheetUploads = once(() => import('../uploads/answer-sheet-uploads'));

export function preloadUploadParts(needs: { images: boolean; pdf: boolean }): void {
  if (needs.images) loadQuestionFilesPanel().catch(() => undefined);
  if (needs.pdf) loadAnswerSheetUploads().catch(() => undefined);
}

/** The loaded module, or null while it loads; a failed load is tried again when the browser is back online. */
export function useLoadedPart<T>(load: (() => Promise<T>) | null): T | null {
  const [part, setPart] = useState<T | null>(null);
  useEffect(() => {
    if (!load) return;
    let alive = true;
    const tryLoad = () =>
      load().then(
        (module) => alive && setPart(() => module),
        () => undefined,
      );
    void tryLoad();
    window.addEventListener('online', tryLoad);
    return () => {
      alive = false;
      window.removeEventListener('online', tryLoad);
    };
  }, [load]);
  return part;
}
