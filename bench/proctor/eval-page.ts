// The evaluation page of bench:proctor -- --eval: every frame of the evaluation set goes, as an
// ImageBitmap, to the product's own face worker (shared/src/proctor/browser/face-worker.ts, through
// connectFaceWorker, as the portal's camera module sends camera frames), then to a bench worker that
// runs the same model at a low floor and reports the raw scores of every box (for offline tuning).
import type { FaceBox } from '@invigil/shared/proctor/face-model';
import { bitmapOf, productFaceWorker } from './set-frame';

export interface RawFace {
  box: [number, number, number, number];
  boxScore: number;
  faceScore: number;
  /** min(boxScore, faceScore): what the product's model reports as a face's score. */
  score: number;
}

export interface EvalInput {
  frames: string[];
  assetBase: string;
  rawFloor: number;
  rounds: number;
  warmup: number;
}

async function runEval(input: EvalInput) {
  // 1. The product's worker, the product's page-side protocol; the worker's own time per frame.
  let lastMs = 0;
  const product = await productFaceWorker({ assetBase: input.assetBase }, (ms) => (lastMs = ms));
  for (let i = 0; i < input.warmup; i++) await product.detect(await bitmapOf(input.frames[i % input.frames.length]!));
  const results: Array<{ frame: string; round: number; ms: number; faces: FaceBox[] }> = [];
  for (let round = 0; round < input.rounds; round++) {
    for (const frame of input.frames) {
      const faces = await product.detect(await bitmapOf(frame));
      results.push({ frame, round, ms: lastMs, faces });
    }
  }
  product.dispose();

  // 2. The raw scores, once per frame (the model is deterministic on a still frame).
  const worker = new Worker('/bench/worker-human-raw.js', { type: 'module' });
  const pending: Array<(reply: { type: string; faces?: RawFace[]; ms?: number; message?: string }) => void> = [];
  worker.onmessage = (event) => pending.shift()?.(event.data);
  worker.onerror = (event) => pending.shift()?.({ type: 'error', message: event.message });
  const ask = (message: unknown, transfer: Transferable[] = []) =>
    new Promise<{ type: string; faces?: RawFace[]; ms?: number; message?: string }>((resolve) => {
      pending.push(resolve);
      worker.postMessage(message, transfer);
    });
  const loaded = await ask({ type: 'load', options: { assetBase: input.assetBase, minConfidence: input.rawFloor } });
  if (loaded.type !== 'loaded') throw new Error(`raw worker: ${loaded.message}`);
  const raw: Array<{ frame: string; ms: number; faces: RawFace[] }> = [];
  for (const frame of input.frames) {
    const bitmap = await bitmapOf(frame);
    const reply = await ask({ type: 'detect', bitmap }, [bitmap]);
    if (reply.type !== 'result') throw new Error(`raw worker: ${reply.message}`);
    raw.push({ frame, ms: reply.ms!, faces: reply.faces! });
  }
  worker.terminate();
  return { results, raw };
}

(window as unknown as { runEval: typeof runEval }).runEval = runEval;
