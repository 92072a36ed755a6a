import { describe, expect, it, vi } from 'vitest';
import type { ScreenChoice } from '../../protocol/messages';
import type { Clock } from '../detector';
import type { ScreenShareObservation } from '../screen-share-policy';
import { screenShareDetector } from './screen-share';

const clock: Clock = { now: () => 42, setTimeout: () => 0, clearTimeout: () => undefined };

/** A stream with one live video track of the given surface, that can be ended as the browser does. */
function fakeStream(surface: string) {
  const listeners = new Set<() => void>();
  const track = {
    readyState: 'live',
    stop: vi.fn(() => void (track.readyState = 'ended')),
    getSettings: () => ({ displaySurface: surface }),
    addEventListener: (_: string, run: () => void) => listeners.add(run),
    removeEventListener: (_: string, run: () => void) => listeners.delete(run),
  };
  const stream = { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track, end: () => [...listeners].forEach((run) => run()) };
}

function fakeWindow(media: Partial<MediaDevices>): Window {
  return { navigator: { mediaDevices: media } } as unknown as Window;
}

async function share(win: Window, options: Parameters<typeof screenShareDetector>[1] = {}) {
  const seen: ScreenShareObservation[] = [];
  const stop = await screenShareDetector(win, options).start({ clock, emit: (observation) => seen.push(observation) });
  return { seen, stop };
}

describe('screen share detector', () => {
  it("opens the screen the extension's picker chose, in this page, and never the page's own picker", async () => {
    const screen = fakeStream('monitor');
    const getUserMedia = vi.fn(async () => screen.stream);
    const getDisplayMedia = vi.fn();
    const { seen, stop } = await share(fakeWindow({ getUserMedia, getDisplayMedia }), { pickScreen: async (): Promise<ScreenChoice> => ({ grant: 'chosen', streamId: 'stream-1' }) });
    expect(getDisplayMedia).not.toHaveBeenCalled();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { mandatory: { chromeMediaSource: 'desktop', chromeMediaSourceId: 'stream-1' } } });
    expect(seen).toEqual([{ type: 'started', at: 42, surface: 'monitor', picker: 'extension' }]);
    screen.end();
    expect(seen.at(-1)).toEqual({ type: 'ended', at: 42 });
    stop();
  });

  it('a closed picker is no share and no fallback', async () => {
    const getDisplayMedia = vi.fn();
    const { seen } = await share(fakeWindow({ getUserMedia: vi.fn(), getDisplayMedia }), { pickScreen: async () => ({ grant: 'cancelled' }) });
    expect(seen).toEqual([{ type: 'not-started', at: 42, message: null }]);
    expect(getDisplayMedia).not.toHaveBeenCalled();
  });

  it("falls back on the page's picker when the extension's is unavailable, and says why", async () => {
    const screen = fakeStream('monitor');
    const getDisplayMedia = vi.fn(async () => screen.stream);
    const onPickerUnavailable = vi.fn();
    const { seen } = await share(fakeWindow({ getUserMedia: vi.fn(), getDisplayMedia }), {
      pickScreen: async () => ({ grant: 'unavailable', reason: 'No screen to offer.' }),
      onPickerUnavailable,
    });
    expect(onPickerUnavailable).toHaveBeenCalledWith('No screen to offer.');
    expect(getDisplayMedia).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ type: 'started', at: 42, surface: 'monitor', picker: 'page' }]);
  });

  it('a chosen screen that will not open is reported with its reason', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new Error('Invalid state');
    });
    const { seen } = await share(fakeWindow({ getUserMedia, getDisplayMedia: vi.fn() }), { pickScreen: async () => ({ grant: 'chosen', streamId: 'stale' }) });
    expect(seen).toEqual([{ type: 'not-started', at: 42, message: 'Invalid state' }]);
  });
});
