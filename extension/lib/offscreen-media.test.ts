import { describe, expect, it } from 'vitest';
import { parseMediaReport, mediaCommand } from './media-messages';
import { cameraReport, OffscreenMedia, type CameraHandle } from './offscreen-media';
import { applyMedia, relayMedia, type Watch } from './proctor-watch';

const watch = (): Watch =>
  ({ testId: 't1', session: 's'.repeat(16), seq: 0, relays: [], eventCount: 0, media: { face: { normalIntervalMs: 1000, detectedIntervalMs: 1000, confirmFrames: 3, confirmGapMs: 700 }, speech: false } }) as unknown as Watch;

describe('offscreen media', () => {
  it('turns the camera policy actions into events and the overlay warning', () => {
    const report = cameraReport([
      { type: 'flag', kind: 'MULTI_FACE', at: 5.4, detail: { faces: 2 }, snapshot: false },
      { type: 'warn', title: 'Multiple Faces Detected!', text: 'x', reason: 'MULTI_FACE' },
      { type: 'clear-warning' },
    ]);
    expect(report.events).toEqual([{ kind: 'MULTI_FACE', at: 5, detail: { faces: 2 } }]);
    expect(report.warnings).toEqual([
      { source: 'camera', warning: { reason: 'MULTI_FACE', title: 'Multiple Faces Detected!', text: 'x', overlay: true } },
      { source: 'camera', warning: null },
    ]);
  });

  it('relays a report with extension ids and keeps the detectors state', () => {
    const w = watch();
    const relay = relayMedia(w, { events: [{ kind: 'NO_FACE', at: 10, detail: { faces: 0 } }], warnings: [], status: { camera: 'running' } }, () => 'abcdef');
    expect(relay).toMatchObject({ seq: 1, events: [{ kind: 'NO_FACE', source: 'extension', at: 10 }] });
    expect(relay?.events[0]?.id).toMatch(/^e/);
    expect(w.mediaStatus).toEqual({ camera: 'running', microphone: 'off' });
    expect(relayMedia(w, { events: [], warnings: [], status: { microphone: 'unavailable' } }, () => 'x')).toBeNull();
    expect(w.mediaStatus).toEqual({ camera: 'running', microphone: 'unavailable' });
  });

  it('ignores a report for a watch that asked for no media, and parses only our messages', () => {
    const w = watch();
    delete w.media;
    expect(relayMedia(w, { events: [{ kind: 'NO_FACE', at: 1 }], warnings: [] }, () => 'x')).toBeNull();
    expect(parseMediaReport({ target: 'invigil-background-media', type: 'MEDIA_HELLO' })).not.toBeNull();
    expect(parseMediaReport({ type: 'MEDIA_HELLO' })).toBeNull();
    expect(mediaCommand(null).run).toBeNull();
  });

  it('holds a flag that keeps a snapshot for its picture, and relays it not to the page but to the journal', () => {
    const report = cameraReport([
      { type: 'flag', kind: 'NO_FACE', at: 7, detail: { faces: 0 }, snapshot: true },
      { type: 'warn', title: 'No face', text: 'x', reason: 'NO_FACE' },
    ]);
    expect(report.events).toEqual([]);
    expect(report.pictures).toEqual([{ kind: 'NO_FACE', at: 7, detail: { faces: 0 } }]);
    const image = 'data:image/webp;base64,UklGRg==';
    const message = { target: 'invigil-background-media', type: 'MEDIA_REPORT', testId: 't1', session: 's'.repeat(16), events: [{ kind: 'NO_FACE', at: 7, image }], warnings: [] };
    expect(parseMediaReport(message)).not.toBeNull();
    expect(parseMediaReport({ ...message, events: [{ kind: 'NO_FACE', at: 7, image: 'https://example.com/x.webp' }] })).toBeNull();
    const w = watch();
    const { relay, evidence } = applyMedia(w, { events: [{ kind: 'NO_FACE', at: 7, image }, { kind: 'MULTI_FACE', at: 8 }], warnings: [] }, () => 'abcdef');
    expect(relay?.events.map((e) => e.kind)).toEqual(['MULTI_FACE']);
    expect(evidence).toMatchObject([{ event: { kind: 'NO_FACE', source: 'extension', at: 7 }, image }]);
    expect(w.relays).toHaveLength(1);
    expect(applyMedia(w, { events: [{ kind: 'NO_FACE', at: 9, image }], warnings: [] }, () => 'x').relay).toBeNull();
  });

  it("starts the camera afresh for a proctor's restart or another camera, and not for a new session of the same settings", async () => {
    const opened: (string | undefined)[] = [];
    const media = new OffscreenMedia({
      clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined } as never,
      openCamera: async (label?: string) => {
        opened.push(label);
        return { frames: {} as never, onEnded: () => undefined, snapshot: async () => null, release: () => undefined } satisfies CameraHandle;
      },
      loadFaceModel: () => new Promise(() => undefined),
      microphone: () => ({}) as never,
      report: () => undefined,
    });
    const settings = watch().media!;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    media.set({ testId: 't1', session: 'a', media: { ...settings, camera: 'Front' } });
    await settle();
    media.set({ testId: 't1', session: 'b', media: { ...settings, camera: 'Front' } });
    await settle();
    expect(opened).toEqual(['Front']);
    media.set({ testId: 't1', session: 'b', media: { ...settings, camera: 'Front', restart: 1 } });
    await settle();
    media.set({ testId: 't1', session: 'b', media: { ...settings, camera: 'USB', restart: 2 } });
    await settle();
    expect(opened).toEqual(['Front', 'Front', 'USB']);
    media.stop();
  });
});
