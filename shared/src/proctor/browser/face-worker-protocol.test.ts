import { describe, expect, it } from 'vitest';
import type { FaceBox, FaceModel, Frame } from '../face-model';
import { connectFaceWorker, type FaceWorkerPort, type FaceWorkerScope, serveFaceModel } from './face-worker-protocol';

/** A worker and its scope joined in memory: messages arrive asynchronously, as between threads. */
function pair() {
  const sent: Array<{ message: unknown; transfer: Transferable[] }> = [];
  let terminated = false;
  const scope: FaceWorkerScope = {
    onmessage: null,
    postMessage: (message) => queueMicrotask(() => !terminated && port.onmessage?.({ data: message })),
  };
  const port: FaceWorkerPort = {
    onmessage: null,
    onerror: null,
    postMessage: (message, transfer) => {
      sent.push({ message, transfer });
      queueMicrotask(() => !terminated && scope.onmessage?.({ data: message }));
    },
    terminate: () => {
      terminated = true;
    },
  };
  return { scope, port, sent, isTerminated: () => terminated };
}

const box = (score: number): FaceBox => ({ x: 1, y: 2, width: 30, height: 40, score });
const pixels = (): Frame => ({ width: 2, height: 1, data: new Uint8ClampedArray(8) });

function fakeModel(detect: (frame: Frame) => Promise<FaceBox[]>) {
  const state = { disposed: 0, options: null as Record<string, unknown> | null };
  const load = async (options: Record<string, unknown>): Promise<FaceModel> => {
    state.options = options;
    return { name: 'fake', detect, dispose: () => void state.disposed++ };
  };
  return { load, state };
}

describe('face worker protocol', () => {
  it('loads the model with the options and returns the faces of each frame', async () => {
    const { scope, port, sent } = pair();
    const fake = fakeModel(async (frame) => [box(frame.width / 10)]);
    serveFaceModel(scope, fake.load);
    const timings: number[] = [];
    const model = await connectFaceWorker(port, { options: { assetBase: '/face-assets' }, onTiming: (ms) => timings.push(ms) });
    expect(model.name).toBe('fake');
    expect(fake.state.options).toEqual({ assetBase: '/face-assets' });
    const frame = pixels();
    await expect(model.detect(frame)).resolves.toEqual([box(0.2)]);
    expect(timings).toHaveLength(1);
    // The pixel buffer is handed over, not copied.
    expect(sent.at(-1)?.transfer).toEqual([(frame as { data: Uint8ClampedArray }).data.buffer]);
  });

  it('answers concurrent frames by id', async () => {
    const { scope, port } = pair();
    let calls = 0;
    serveFaceModel(scope, fakeModel(async () => {
      const n = ++calls;
      await new Promise((r) => setTimeout(r, n === 1 ? 20 : 0));
      return Array.from({ length: n }, () => box(0.9));
    }).load);
    const model = await connectFaceWorker(port, { options: {} });
    const [first, second] = await Promise.all([model.detect(pixels()), model.detect(pixels())]);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
  });

  it('rejects the frame whose detection failed and keeps serving', async () => {
    const { scope, port } = pair();
    let calls = 0;
    serveFaceModel(scope, fakeModel(async () => {
      if (++calls === 1) throw new Error('bad frame');
      return [box(0.9)];
    }).load);
    const model = await connectFaceWorker(port, { options: {} });
    await expect(model.detect(pixels())).rejects.toThrow('bad frame');
    await expect(model.detect(pixels())).resolves.toHaveLength(1);
  });

  it('rejects the connection when the model cannot load, and ends the worker', async () => {
    const { scope, port, isTerminated } = pair();
    serveFaceModel(scope, async () => Promise.reject(new Error('no wasm here')));
    await expect(connectFaceWorker(port, { options: {} })).rejects.toThrow('no wasm here');
    expect(isTerminated()).toBe(true);
  });

  it('gives up on a frame the worker never answers', async () => {
    const { scope, port } = pair();
    serveFaceModel(scope, fakeModel(() => new Promise<FaceBox[]>(() => {})).load);
    const model = await connectFaceWorker(port, { options: {}, timeoutMs: 30 });
    await expect(model.detect(pixels())).rejects.toThrow('took over 30 ms');
  });

  it('fails pending and later frames when the worker dies', async () => {
    const { scope, port } = pair();
    serveFaceModel(scope, fakeModel(() => new Promise<FaceBox[]>(() => {})).load);
    const model = await connectFaceWorker(port, { options: {} });
    const pending = model.detect(pixels());
    port.onerror?.({ message: 'out of memory' });
    await expect(pending).rejects.toThrow('Face worker failed: out of memory');
    await expect(model.detect(pixels())).rejects.toThrow('out of memory');
  });

  it('disposes the model in the worker and ends the worker', async () => {
    const { scope, port, isTerminated } = pair();
    const fake = fakeModel(async () => []);
    serveFaceModel(scope, fake.load);
    const model = await connectFaceWorker(port, { options: {} });
    // Disposing terminates the in-memory worker before the dispose message lands; serve it directly.
    scope.onmessage?.({ data: { type: 'dispose' } });
    expect(fake.state.disposed).toBe(1);
    model.dispose();
    expect(isTerminated()).toBe(true);
    await expect(model.detect(pixels())).rejects.toThrow('disposed');
  });
});
