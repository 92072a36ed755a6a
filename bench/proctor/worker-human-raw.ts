// bench:proctor -- --eval: the product's model (loadHumanFaceModel, BlazeFace + mesh, wasm, one
// thread) at a low floor, answering with every box's BlazeFace score and mesh score apart (the
// product's model reports only the smaller of the two). Human's detect is wrapped to read them; the
// settings are the product's own, but for the floor.
import { Human } from '@vladmandic/human';
import { loadHumanFaceModel } from '@invigil/shared/proctor/browser/human-face-model';

type Raw = { box: number[]; boxScore: number; faceScore: number; score: number };
let last: Raw[] = [];
const detect = Human.prototype.detect;
Human.prototype.detect = async function (this: Human, ...args: Parameters<Human['detect']>) {
  const result = await detect.apply(this, args);
  last = result.face.map((f) => ({ box: f.box, boxScore: f.boxScore ?? 0, faceScore: f.faceScore ?? 0, score: Math.min(f.boxScore ?? 0, f.faceScore ?? 0) }));
  return result;
};

let model: Awaited<ReturnType<typeof loadHumanFaceModel>> | null = null;
self.onmessage = async (event: MessageEvent) => {
  const request = event.data as { type: 'load'; options: { assetBase: string; minConfidence: number } } | { type: 'detect'; bitmap: ImageBitmap };
  const reply = (message: unknown) => (self as unknown as { postMessage(message: unknown): void }).postMessage(message);
  try {
    if (request.type === 'load') {
      model = await loadHumanFaceModel({ assetBase: request.options.assetBase, minConfidence: request.options.minConfidence, mesh: true, maxFaces: 10 });
      reply({ type: 'loaded' });
    } else {
      if (!model) throw new Error('No model loaded');
      const started = performance.now();
      last = [];
      await model.detect(request.bitmap);
      reply({ type: 'result', ms: performance.now() - started, faces: last });
    }
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  }
};
