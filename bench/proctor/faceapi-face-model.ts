import * as faceapi from '@vladmandic/face-api';
import type { FaceBox, FaceModel, Frame } from '@invigil/shared/proctor/face-model';
import { framePixels } from '@invigil/shared/proctor/browser/frame-pixels';

export interface FaceApiModelOptions {
  /** Where we serve the face assets: `${assetBase}/wasm/`, `${assetBase}/face-api/`. */
  assetBase: string;
  detector: 'tiny' | 'ssd';
  /** TinyFaceDetector's input size (a multiple of 32). */
  inputSize?: number;
  /** The detector's own floor; the counting floor (countFaces) may be higher. */
  minConfidence: number;
  maxFaces?: number;
}

/** The parts of tfjs that face-api bundles but does not type. */
interface TfRuntime {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  env(): { set(flag: string, value: unknown): void; getAsync(flag: string): Promise<unknown> };
  browser: { fromPixels(pixels: ImageData, channels: number): faceapi.tf.Tensor3D };
  dispose(tensor: unknown): void;
}

/**
 * @vladmandic/face-api's TinyFaceDetector or SSD MobileNet v1 on the tfjs wasm backend, one
 * thread, with models and wasm files from our own origin. Compared by bench:proctor and not
 * chosen (docs/decisions/0009-face-detector.md); the shipped runner is
 * shared/src/proctor/browser/human-face-model.ts.
 */
export async function loadFaceApiModel(options: FaceApiModelOptions): Promise<FaceModel> {
  const base = options.assetBase.replace(/\/$/, '');
  if (!faceapi.env.isBrowser() && !faceapi.env.isNodejs()) {
    // A worker: face-api knows only windows and Node, so give it the worker's own canvas.
    const unavailable = () => {
      throw new Error('Not available in a worker');
    };
    faceapi.env.setEnv({
      Canvas: OffscreenCanvas,
      CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
      Image: class {},
      ImageData,
      Video: class {},
      createCanvasElement: () => new OffscreenCanvas(1, 1),
      createImageElement: unavailable,
      createVideoElement: unavailable,
      fetch: (input: RequestInfo, init?: RequestInit) => fetch(input, init),
      readFile: unavailable,
    } as unknown as Parameters<typeof faceapi.env.setEnv>[0]);
  }
  const tf = faceapi.tf as unknown as TfRuntime;
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  tf.setWasmPaths(`${base}/wasm/`);
  if (!(await tf.setBackend('wasm'))) throw new Error('The wasm backend did not start');
  await tf.ready();
  const net = options.detector === 'tiny' ? faceapi.nets.tinyFaceDetector : faceapi.nets.ssdMobilenetv1;
  await net.loadFromUri(`${base}/face-api/`);
  const detectorOptions =
    options.detector === 'tiny'
      ? new faceapi.TinyFaceDetectorOptions({ inputSize: options.inputSize ?? 320, scoreThreshold: options.minConfidence })
      : new faceapi.SsdMobilenetv1Options({ minConfidence: options.minConfidence, maxResults: options.maxFaces ?? 10 });
  let disposed = false;

  return {
    name: options.detector === 'tiny' ? `face-api-tiny(${options.inputSize ?? 320}, ${options.minConfidence})` : `face-api-ssd(${options.minConfidence})`,
    async detect(frame: Frame): Promise<FaceBox[]> {
      if (disposed) throw new Error('Face model disposed');
      const pixels = framePixels(frame);
      const tensor = tf.browser.fromPixels(pixels as ImageData, 3);
      try {
        const found = await faceapi.detectAllFaces(tensor, detectorOptions);
        return found.map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score })).sort((a, b) => b.score - a.score);
      } finally {
        tf.dispose(tensor);
      }
    },
    dispose() {
      disposed = true;
      net.dispose();
    },
  };
}
