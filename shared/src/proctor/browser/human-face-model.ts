import { Human, type Config } from '@vladmandic/human';
import type { DetectOptions, FaceBox, FaceModel, Frame } from '../face-model';
import { framePixels } from './frame-pixels';

export interface HumanFaceModelOptions {
  /** Where we serve the face assets (see face-assets.ts): `${assetBase}/wasm/`, `${assetBase}/human/`. */
  assetBase: string;
  /** BlazeFace's own floor; the counting floor (countFaces) may be higher. */
  minConfidence: number;
  /** BlazeFace's maxDetected: its best boxes, and so how many the mesh runs on (its time). */
  maxFaces?: number;
  /**
   * Also run Human's face mesh on every box and count a face only when the mesh agrees (its face
   * score, as well as BlazeFace's box score, is at or above the floor): slower, fewer false faces.
   */
  mesh?: boolean;
  /**
   * Also load Human's face description model (faceres), for detects that ask to describe faces
   * (the identity check, decision 0043). Off: the model is not even downloaded.
   */
  describe?: boolean;
}

/**
 * @vladmandic/human with only its BlazeFace detector, on the tfjs wasm backend, one thread. The
 * models and wasm files come from our own origin (copied from node_modules at build time), never a
 * CDN. Every other part of Human (mesh, iris, emotion, body, hands, filters, frame caching) is off.
 */
export async function loadHumanFaceModel(options: HumanFaceModelOptions): Promise<FaceModel> {
  const base = options.assetBase.replace(/\/$/, '');
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: `${base}/wasm/`,
    wasmPlatformFetch: false,
    modelBasePath: `${base}/human/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheModels: false,
    validateModels: false,
    cacheSensitivity: 0,
    // One thread: the threaded wasm build needs cross-origin isolation and competes with the page.
    flags: { WASM_HAS_MULTITHREAD_SUPPORT: false },
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: options.maxFaces ?? 10,
        minConfidence: options.minConfidence,
        minSize: 0,
        iouThreshold: 0.1,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      // keepInvalid: boxes the mesh rejects are returned too, with their face score, so that the
      // counting floor decides (the bench sweeps it).
      mesh: options.mesh ? { enabled: true, modelPath: 'facemesh.json', keepInvalid: true } : { enabled: false },
      attention: { enabled: false },
      iris: { enabled: false },
      // Loaded when asked for (below), run only by detects that describe: about 85 ms a face on one
      // wasm thread, for every box BlazeFace proposes (decision 0043), so only the identity check asks.
      description: { enabled: false, modelPath: 'faceres.json' },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  } as Partial<Config>;
  const human = new Human(config);
  // Before the backend starts: where SharedArrayBuffer exists (an extension's offscreen document),
  // tfjs would pick the threaded wasm build, which we neither ship nor want (see `flags` above).
  human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await human.init();
  await human.load();
  if (options.describe) await human.load({ face: { description: { enabled: true } } } as Partial<Config>);
  if (human.tf.getBackend() !== 'wasm') throw new Error(`Face model backend is ${human.tf.getBackend()}, not wasm`);
  let disposed = false;

  return {
    name: `human-blazeface${options.mesh ? '+mesh' : ''}${options.describe ? '+faceres' : ''}(${options.minConfidence})`,
    async detect(frame: Frame, detectOptions?: DetectOptions): Promise<FaceBox[]> {
      if (disposed) throw new Error('Face model disposed');
      const pixels = framePixels(frame);
      const tensor = human.tf.browser.fromPixels(pixels as ImageData, 3);
      try {
        const describe = Boolean(options.describe && detectOptions?.describe);
        // Said on every call: Human keeps the last call's config.
        const result = await human.detect(tensor, { face: { description: { enabled: describe } } } as Partial<Config>);
        if (result.error) throw new Error(result.error);
        return result.face
          .map((face) => ({
            x: face.box[0],
            y: face.box[1],
            width: face.box[2],
            height: face.box[3],
            score: options.mesh ? Math.min(face.boxScore, face.faceScore) : face.boxScore,
            // Apart, so that the counting rule can weigh them (FACE_COUNT_OPTIONS, decision 0038).
            detectorScore: face.boxScore,
            ...(options.mesh ? { meshScore: face.faceScore } : {}),
            ...(describe && face.embedding && face.embedding.length > 0 ? { descriptor: Array.from(face.embedding) } : {}),
          }))
          .sort((a, b) => b.score - a.score);
      } finally {
        human.tf.dispose(tensor);
      }
    },
    dispose() {
      disposed = true;
      for (const model of Object.values(human.models.models)) (model as { dispose?: () => void } | null)?.dispose?.();
    },
  };
}

/** Which wasm build the backend runs (for the bench's report). */
export async function humanWasmFeatures(): Promise<{ simd: boolean; threads: boolean }> {
  const { tf } = new Human();
  const env = tf.env();
  return { simd: Boolean(await env.getAsync('WASM_HAS_SIMD_SUPPORT')), threads: Boolean(await env.getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) };
}
