import type { DetectOptions, FaceBox, FaceModel, Frame } from '../face-model';
import { isFramePixels } from '../face-model';

/**
 * The face model behind a worker boundary: the worker side (`serveFaceModel`, in a Web Worker or
 * the extension's offscreen document) loads the model and answers detect requests; the page side
 * (`connectFaceWorker`) is a FaceModel whose detect hands the frame over (an ImageBitmap, or the
 * pixel buffer, transferred: the caller must not use the frame afterwards) and waits for the faces.
 */

export type FaceWorkerRequest =
  | { type: 'load'; options: Record<string, unknown> }
  | { type: 'detect'; id: number; frame: Frame; describe?: boolean }
  | { type: 'dispose' };

export type FaceWorkerReply =
  | { type: 'loaded'; name: string }
  | { type: 'faces'; id: number; faces: FaceBox[]; ms: number }
  | { type: 'error'; id: number | null; message: string };

/** The worker's global scope, as far as the protocol needs it. */
export interface FaceWorkerScope {
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: FaceWorkerReply): void;
}

/** A Worker (or anything that talks like one), as far as the protocol needs it. */
export interface FaceWorkerPort {
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(message: FaceWorkerRequest, transfer: Transferable[]): void;
  terminate(): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function serveFaceModel(scope: FaceWorkerScope, load: (options: Record<string, unknown>) => Promise<FaceModel>): void {
  let model: FaceModel | null = null;
  scope.onmessage = async (event) => {
    const request = event.data as FaceWorkerRequest;
    if (request.type === 'load') {
      try {
        model?.dispose();
        model = await load(request.options);
        scope.postMessage({ type: 'loaded', name: model.name });
      } catch (error) {
        scope.postMessage({ type: 'error', id: null, message: message(error) });
      }
    } else if (request.type === 'detect') {
      const started = performance.now();
      try {
        if (!model) throw new Error('No face model loaded');
        const faces = await model.detect(request.frame, request.describe ? { describe: true } : undefined);
        scope.postMessage({ type: 'faces', id: request.id, faces, ms: performance.now() - started });
      } catch (error) {
        scope.postMessage({ type: 'error', id: request.id, message: message(error) });
      }
    } else if (request.type === 'dispose') {
      model?.dispose();
      model = null;
    }
  };
}

export interface ConnectOptions {
  /** Passed to the worker's loader (e.g. `{ assetBase }`). */
  options: Record<string, unknown>;
  /** A detect that takes longer fails, so a stuck worker cannot stop the checks. */
  timeoutMs?: number;
  /** Called with the worker's own time for each frame (diagnostics, the long-task bench). */
  onTiming?: (ms: number) => void;
}

/** Loads the model in the worker and resolves to a FaceModel that runs there. dispose() ends the worker. */
export function connectFaceWorker(worker: FaceWorkerPort, connect: ConnectOptions): Promise<FaceModel> {
  const timeoutMs = connect.timeoutMs ?? 10_000;
  const pending = new Map<number, { resolve: (faces: FaceBox[]) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  let nextId = 1;
  let closed: Error | null = null;

  const failAll = (error: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(error);
    }
  };

  return new Promise<FaceModel>((resolveLoad, rejectLoad) => {
    let loading = true;
    worker.onerror = (event) => {
      const error = new Error(`Face worker failed: ${event.message ?? 'unknown error'}`);
      closed = error;
      if (loading) rejectLoad(error);
      failAll(error);
    };
    worker.onmessage = (event) => {
      const reply = event.data as FaceWorkerReply;
      if (reply.type === 'loaded' && loading) {
        loading = false;
        resolveLoad(model(reply.name));
      } else if (reply.type === 'faces' || (reply.type === 'error' && reply.id !== null)) {
        const p = pending.get(reply.id as number);
        if (!p) return;
        pending.delete(reply.id as number);
        clearTimeout(p.timer);
        if (reply.type === 'faces') {
          connect.onTiming?.(reply.ms);
          p.resolve(reply.faces);
        } else p.reject(new Error(reply.message));
      } else if (reply.type === 'error' && loading) {
        loading = false;
        worker.terminate();
        rejectLoad(new Error(reply.message));
      }
    };
    worker.postMessage({ type: 'load', options: connect.options }, []);
  });

  function model(name: string): FaceModel {
    return {
      name,
      detect(frame: Frame, options?: DetectOptions) {
        if (closed) return Promise.reject(closed);
        const id = nextId++;
        return new Promise<FaceBox[]>((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(id);
            reject(new Error(`Face detection took over ${timeoutMs} ms`));
          }, timeoutMs);
          pending.set(id, { resolve, reject, timer });
          const transfer = isFramePixels(frame) ? [frame.data.buffer as ArrayBuffer] : [frame as unknown as ImageBitmap];
          worker.postMessage({ type: 'detect', id, frame, ...(options?.describe ? { describe: true } : {}) }, transfer);
        });
      },
      dispose() {
        if (closed) return;
        closed = new Error('Face model disposed');
        failAll(closed);
        worker.postMessage({ type: 'dispose' }, []);
        worker.terminate();
      },
    };
  }
}
