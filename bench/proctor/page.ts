// The bench page: decodes the labelled frames once, then sends each frame to a candidate's worker
// as an ImageBitmap (as the portal will send camera frames) and collects faces and timings.
import type { FaceBox } from '@invigil/shared/proctor/face-model';

export interface BenchRun {
  candidates: Array<{ id: string; worker: 'human' | 'faceapi'; options: Record<string, unknown> }>;
  frames: string[];
  warmup: number;
  rounds: number;
}

export interface FrameResult {
  candidate: string;
  frame: string;
  round: number;
  workerMs: number;
  roundTripMs: number;
  faces: FaceBox[];
}

type Reply =
  | { type: 'loaded'; name: string; loadMs: number; wasm: { simd: boolean; threads: boolean }; crossOriginIsolated: boolean }
  | { type: 'result'; id: number; ms: number; faces: FaceBox[] }
  | { type: 'error'; message: string };

const decoded = new Map<string, ImageBitmap>();

async function bitmapOf(frame: string): Promise<ImageBitmap> {
  let bitmap = decoded.get(frame);
  if (!bitmap) {
    const response = await fetch(`/set/${frame}`);
    if (!response.ok) throw new Error(`${frame}: ${response.status}`);
    bitmap = await createImageBitmap(await response.blob());
    decoded.set(frame, bitmap);
  }
  return createImageBitmap(bitmap);
}

/** One candidate's worker, loaded. */
async function openCandidate(candidate: BenchRun['candidates'][number]) {
  const worker = new Worker(`/bench/worker-${candidate.worker}.js`, { type: 'module' });
  const pending: Array<(reply: Reply) => void> = [];
  worker.onmessage = (event: MessageEvent<Reply>) => pending.shift()?.(event.data);
  worker.onerror = (event) => pending.shift()?.({ type: 'error', message: event.message });
  const ask = (message: unknown, transfer: Transferable[] = []) =>
    new Promise<Reply>((resolve) => {
      pending.push(resolve);
      worker.postMessage(message, transfer);
    });
  const loaded = await ask({ type: 'load', options: candidate.options });
  if (loaded.type !== 'loaded') {
    worker.terminate();
    throw new Error(`${candidate.id}: ${loaded.type === 'error' ? loaded.message : 'unexpected reply'}`);
  }
  let id = 0;
  const detect = async (frame: string) => {
    const bitmap = await bitmapOf(frame);
    const started = performance.now();
    const reply = await ask({ type: 'detect', id: ++id, bitmap }, [bitmap]);
    if (reply.type !== 'result') throw new Error(`${candidate.id}: ${reply.type === 'error' ? reply.message : 'unexpected reply'}`);
    return { workerMs: reply.ms, roundTripMs: performance.now() - started, faces: reply.faces };
  };
  return { candidate, loaded, detect, close: () => worker.terminate() };
}

/**
 * Every candidate loaded at once, then frame by frame each candidate in turn (the order rotating),
 * so that the load of a shared machine falls on all of them alike.
 */
async function runAll(run: BenchRun) {
  const open: Array<Awaited<ReturnType<typeof openCandidate>>> = [];
  const failed: Array<{ id: string; error: string }> = [];
  for (const candidate of run.candidates) {
    try {
      open.push(await openCandidate(candidate));
    } catch (error) {
      failed.push({ id: candidate.id, error: String(error) });
    }
  }
  try {
    for (const c of open) for (let i = 0; i < run.warmup; i++) await c.detect(run.frames[i % run.frames.length]!);
    const results: FrameResult[] = [];
    let turn = 0;
    for (let round = 0; round < run.rounds; round++) {
      for (const frame of run.frames) {
        turn += 1;
        for (let k = 0; k < open.length; k++) {
          const c = open[(turn + k) % open.length]!;
          results.push({ candidate: c.candidate.id, frame, round, ...(await c.detect(frame)) });
        }
      }
    }
    const loaded = open.map((c) => ({ id: c.candidate.id, name: c.loaded.name, loadMs: c.loaded.loadMs, wasm: c.loaded.wasm, crossOriginIsolated: c.loaded.crossOriginIsolated }));
    return { loaded, failed, results };
  } finally {
    for (const c of open) c.close();
  }
}

(window as unknown as { runAll: typeof runAll }).runAll = runAll;
