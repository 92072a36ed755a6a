import * as faceapi from '@vladmandic/face-api';
import { loadFaceApiModel } from './faceapi-face-model';
import { serve } from './worker-serve';

serve(async (options) => {
  const model = await loadFaceApiModel(options as unknown as Parameters<typeof loadFaceApiModel>[0]);
  const env = (faceapi.tf as unknown as { env(): { getAsync(flag: string): Promise<unknown> } }).env();
  return { model, wasm: { simd: Boolean(await env.getAsync('WASM_HAS_SIMD_SUPPORT')), threads: Boolean(await env.getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) } };
});
