/**
 * The face check's worker: a module Web Worker in the portal, the same code in the extension's
 * offscreen document. It runs @vladmandic/human's BlazeFace with face-mesh confirmation on the
 * tfjs wasm backend (decision 0009); the page talks to it through connectFaceWorker.
 *
 * The host starts it with `new Worker(url, { type: 'module' })` and loads it with
 * `{ assetBase, describe? }`: the URL of the folder where the build copied the face assets, and
 * whether to load the face description model too (the identity check).
 */
import { FACE_DETECTOR_FLOOR, FACE_MAX_MESHED } from '../face-policy';
import { type FaceWorkerScope, serveFaceModel } from './face-worker-protocol';
import { loadHumanFaceModel } from './human-face-model';

serveFaceModel(self as unknown as FaceWorkerScope, (options) => {
  if (typeof options.assetBase !== 'string') throw new Error('The face worker needs { assetBase }');
  return loadHumanFaceModel({ assetBase: options.assetBase, minConfidence: FACE_DETECTOR_FLOOR, mesh: true, maxFaces: FACE_MAX_MESHED, describe: options.describe === true });
});
