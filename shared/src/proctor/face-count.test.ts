import { describe, expect, it } from 'vitest';
import type { Clock } from './detector';
import { createFaceCountDetector, type FaceEvent } from './face-count';
import type { FaceBox, FaceModel, Frame } from './face-model';

/** A clock whose time moves only when the test says so. */
class FakeClock implements Clock {
  private time = 0;
  private nextId = 1;
  private timers = new Map<number, { at: number; run: () => void }>();

  now() {
    return this.time;
  }
  setTimeout(run: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  get pending() {
    return this.timers.size;
  }
  /** Moves time forward, running due timers in order and letting their promises settle. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
    await flush();
  }
}

async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const frame: Frame = { width: 640, height: 480, data: new Uint8ClampedArray(4) };
const faces = (n: number): FaceBox[] => Array.from({ length: n }, (_, i) => ({ x: i * 100, y: 0, width: 80, height: 80, score: 0.9 }));

/** A model that sees the given counts, one per frame, then the last one forever. */
function scriptedModel(counts: number[]) {
  const seen: number[] = [];
  let disposed = false;
  const model: FaceModel = {
    name: 'scripted',
    async detect() {
      const n = counts.length > 1 ? counts.shift()! : counts[0]!;
      seen.push(n);
      return faces(n);
    },
    dispose() {
      disposed = true;
    },
  };
  return { model, seen, isDisposed: () => disposed };
}

const settings = { normalIntervalMs: 10_000, detectedIntervalMs: 15_000, confirmFrames: 3, confirmGapMs: 700 };
const count = { minScore: 0.5, minSizePx: 20 };

async function run(counts: number[], source = { grab: async (): Promise<Frame | null> => frame }) {
  const clock = new FakeClock();
  const events: FaceEvent[] = [];
  const scripted = scriptedModel(counts);
  const detector = createFaceCountDetector({ source, loadModel: async () => scripted.model, settings, count });
  const stop = await detector.start({ clock, emit: (event) => events.push(event) });
  return { clock, events, stop, ...scripted };
}

describe('face-count detector', () => {
  it('checks one normal interval after start and then every normal interval while one face is seen', async () => {
    const { clock, events, stop } = await run([1]);
    await clock.advance(9_999);
    expect(events).toEqual([]);
    await clock.advance(1);
    expect(events).toEqual([{ signal: 'face', type: 'check', at: 10_000, faces: 1, counts: [1], reason: null }]);
    await clock.advance(20_000);
    expect(events.map((e) => e.at)).toEqual([10_000, 20_000, 30_000]);
    stop();
  });

  it('confirms two faces on two more frames, flags MULTI_FACE and checks again after the detected interval', async () => {
    const { clock, events, stop } = await run([2, 2, 1, 1]);
    await clock.advance(10_000);
    expect(events).toEqual([]);
    await clock.advance(1_400);
    expect(events).toEqual([{ signal: 'face', type: 'check', at: 11_400, faces: 2, counts: [2, 2, 1], reason: 'MULTI_FACE' }]);
    await clock.advance(15_000);
    expect(events[1]).toMatchObject({ at: 26_400, faces: 1, reason: null });
    stop();
  });

  it('does not flag a single odd frame', async () => {
    const { clock, events, stop } = await run([0, 1, 1, 1]);
    await clock.advance(11_400);
    expect(events).toEqual([{ signal: 'face', type: 'check', at: 11_400, faces: 1, counts: [0, 1, 1], reason: null }]);
    stop();
  });

  it('flags NO_FACE when the frames agree nobody is there', async () => {
    const { clock, events, stop } = await run([0]);
    await clock.advance(11_400);
    expect(events).toEqual([{ signal: 'face', type: 'check', at: 11_400, faces: 0, counts: [0, 0, 0], reason: 'NO_FACE' }]);
    stop();
  });

  it('reports a missing frame as an error and keeps checking', async () => {
    let grabs = 0;
    const { clock, events, stop } = await run([1], { grab: async () => (++grabs === 1 ? null : frame) });
    await clock.advance(20_000);
    expect(events).toEqual([
      { signal: 'face', type: 'error', at: 10_000, message: 'No camera frame' },
      { signal: 'face', type: 'check', at: 20_000, faces: 1, counts: [1], reason: null },
    ]);
    stop();
  });

  it('emits nothing after stop, clears its timer and disposes the model', async () => {
    const { clock, events, stop, isDisposed } = await run([2]);
    await clock.advance(10_500); // inside the confirmation of the first check
    stop();
    stop();
    expect(clock.pending).toBe(0);
    expect(isDisposed()).toBe(true);
    await clock.advance(60_000);
    expect(events).toEqual([]);
  });

  it('rejects start when the model cannot load', async () => {
    const detector = createFaceCountDetector({ source: { grab: async () => frame }, loadModel: async () => Promise.reject(new Error('no wasm')), settings, count });
    await expect(detector.start({ clock: new FakeClock(), emit: () => {} })).rejects.toThrow('no wasm');
  });
});
