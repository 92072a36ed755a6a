// The page of bench/proctor/eval-variants.mjs: each variant in its own worker, every frame of the
// evaluation set through it once (still frames give the same answer every time), after a warm-up.
import type { Variant } from './worker-human-variant';
import { bitmapOf } from './set-frame';

type Reply = { type: 'loaded' } | { type: 'result'; ms: Record<string, number>; faces: unknown[] } | { type: 'error'; message: string };

async function runVariants(input: { frames: string[]; assetBase: string; variants: Variant[]; warmup: number }) {
  const out: Array<{ variant: Variant; rows: Array<{ frame: string; ms: Record<string, number>; faces: unknown[] }> }> = [];
  for (const variant of input.variants) {
    const worker = new Worker('/bench/worker-human-variant.js', { type: 'module' });
    const pending: Array<(reply: Reply) => void> = [];
    worker.onmessage = (event) => pending.shift()?.(event.data as Reply);
    worker.onerror = (event) => pending.shift()?.({ type: 'error', message: event.message });
    const ask = (message: unknown, transfer: Transferable[] = []) =>
      new Promise<Reply>((resolve) => {
        pending.push(resolve);
        worker.postMessage(message, transfer);
      });
    const loaded = await ask({ type: 'load', assetBase: input.assetBase, variant });
    if (loaded.type === 'error') throw new Error(loaded.message);
    const detect = async (frame: string) => {
      const bitmap = await bitmapOf(frame);
      const reply = await ask({ type: 'detect', bitmap }, [bitmap]);
      if (reply.type !== 'result') throw new Error(reply.type === 'error' ? reply.message : 'no result');
      return reply;
    };
    for (let i = 0; i < input.warmup; i++) await detect(input.frames[i % input.frames.length]!);
    const rows = [];
    for (const frame of input.frames) {
      const reply = await detect(frame);
      rows.push({ frame, ms: reply.ms, faces: reply.faces });
    }
    worker.terminate();
    out.push({ variant, rows });
  }
  return out;
}

(window as unknown as { runVariants: typeof runVariants }).runVariants = runVariants;
