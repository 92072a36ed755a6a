// The bench's detection worker: loads one face model and answers detect requests with the faces
// and the time the worker spent (pixels out of the bitmap, then the model), as the portal's
// worker will. One worker per candidate: each library bundles its own copy of tfjs.
import type { FaceModel } from '@invigil/shared/proctor/face-model';

export type WorkerRequest = { type: 'load'; options: Record<string, unknown> } | { type: 'detect'; id: number; bitmap: ImageBitmap };

export function serve(load: (options: Record<string, unknown>) => Promise<{ model: FaceModel; wasm: { simd: boolean; threads: boolean } }>) {
  let model: FaceModel | null = null;
  const reply = (message: unknown) => (self as unknown as { postMessage(message: unknown): void }).postMessage(message);
  self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
    const request = event.data;
    try {
      if (request.type === 'load') {
        const started = performance.now();
        const loaded = await load(request.options);
        model = loaded.model;
        reply({ type: 'loaded', name: model.name, loadMs: performance.now() - started, wasm: loaded.wasm, crossOriginIsolated: self.crossOriginIsolated });
      } else {
        if (!model) throw new Error('No model loaded');
        const started = performance.now();
        const faces = await model.detect(request.bitmap);
        reply({ type: 'result', id: request.id, ms: performance.now() - started, faces });
      }
    } catch (error) {
      reply({ type: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
    }
  };
}
