import { connectFaceWorker, type FaceWorkerPort } from '@invigil/shared/proctor/browser/face-worker-protocol';
import type { FaceModel } from '@invigil/shared/proctor/face-model';

/** A frame of the evaluation set (served at /set/ by eval-harness.mjs) as an ImageBitmap, as a camera frame reaches the face worker. */
export async function bitmapOf(frame: string): Promise<ImageBitmap> {
  const response = await fetch(`/set/${frame}`);
  if (!response.ok) throw new Error(`${frame}: ${response.status}`);
  return createImageBitmap(await response.blob());
}

/** The product's face worker (bundled at /bench/face-worker.js by eval-harness.mjs), through the product's page-side protocol. */
export function productFaceWorker(options: Record<string, unknown>, onTiming: (ms: number) => void): Promise<FaceModel> {
  return connectFaceWorker(new Worker('/bench/face-worker.js', { type: 'module' }) as unknown as FaceWorkerPort, { options, timeoutMs: 60_000, onTiming });
}
