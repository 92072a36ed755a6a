// The page of bench:proctor -- --identity: every listed frame goes, as an ImageBitmap, to the
// product's own face worker (shared/src/proctor/browser/face-worker.ts through connectFaceWorker,
// loaded with `{ assetBase, describe: true }` as the portal loads it for the identity check), twice:
// once as a plain face check and once asking for descriptors, so the describe cost is measured on
// the same frame in the same worker. The order of the two alternates frame by frame so that a busy
// moment of the machine does not fall on one of them only.
import type { FaceBox } from '@invigil/shared/proctor/face-model';
import { bitmapOf, productFaceWorker } from './set-frame';

export interface IdentityInput {
  frames: string[];
  assetBase: string;
  rounds: number;
  warmup: number;
}

async function runIdentity(input: IdentityInput) {
  let lastMs = 0;
  const model = await productFaceWorker({ assetBase: input.assetBase, describe: true }, (ms) => (lastMs = ms));
  const name = model.name;
  // Warm-up with both kinds of call: the first describe compiles the description model's kernels.
  for (let i = 0; i < input.warmup; i++) {
    const frame = input.frames[i % input.frames.length]!;
    await model.detect(await bitmapOf(frame));
    await model.detect(await bitmapOf(frame), { describe: true });
  }
  const results: Array<{ frame: string; round: number; detectMs: number; describeMs: number; faces: FaceBox[] }> = [];
  for (let round = 0; round < input.rounds; round++) {
    for (const [i, frame] of input.frames.entries()) {
      let detectMs = 0;
      let describeMs = 0;
      let faces: FaceBox[] = [];
      for (const describe of (i + round) % 2 === 0 ? [false, true] : [true, false]) {
        const found = await model.detect(await bitmapOf(frame), describe ? { describe: true } : undefined);
        if (describe) {
          describeMs = lastMs;
          faces = found;
        } else detectMs = lastMs;
      }
      // Descriptors are kept from the first round only (a still frame describes the same each time).
      results.push({ frame, round, detectMs, describeMs, faces: round === 0 ? faces : faces.map(({ descriptor: _, ...f }) => f) });
    }
  }
  model.dispose();
  return { name, results };
}

(window as unknown as { runIdentity: typeof runIdentity }).runIdentity = runIdentity;
