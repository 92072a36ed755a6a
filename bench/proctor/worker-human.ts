import { humanWasmFeatures, loadHumanFaceModel } from '@invigil/shared/proctor/browser/human-face-model';
import { serve } from './worker-serve';

serve(async (options) => {
  const model = await loadHumanFaceModel(options as unknown as Parameters<typeof loadHumanFaceModel>[0]);
  return { model, wasm: await humanWasmFeatures() };
});
