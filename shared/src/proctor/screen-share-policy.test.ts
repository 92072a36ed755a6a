import { describe, expect, it } from 'vitest';
import {
  initialScreenShareState,
  onScreenShareObservation,
  refusedWarning,
  SCREEN_SHARE_STOPPED_WARNING,
  screenStatusText,
  type ScreenShareAction,
} from './screen-share-policy';
import { screenShareSettings } from './screen-share-settings';

const kinds = (actions: ScreenShareAction[]) => actions.map((action) => (action.type === 'record' ? action.kind : action.type));

describe('screen share settings', () => {
  it('PROCTOR_TYPE screen and v-s (video and screen, decision 0034; any case) ask for it; none and the rest do not', () => {
    expect(screenShareSettings({ PROCTOR_TYPE: 'screen' }).enabled).toBe(true);
    expect(screenShareSettings({ PROCTOR_TYPE: ' Screen ' }).enabled).toBe(true);
    expect(screenShareSettings({ PROCTOR_TYPE: 'v-s' }).enabled).toBe(true);
    for (const type of [undefined, 'none', 'jitsi-single', 'jitsi-multi', true]) expect(screenShareSettings({ PROCTOR_TYPE: type }).enabled).toBe(false);
  });
});

describe('screen share policy', () => {
  it('an entire screen is accepted: started on the trail, the blocking dialog taken down', () => {
    const state = initialScreenShareState();
    const actions = onScreenShareObservation(state, { type: 'started', at: 5, surface: 'monitor' });
    expect(actions).toEqual([{ type: 'record', kind: 'SCREEN_SHARE_STARTED', at: 5, detail: { surface: 'monitor' } }, { type: 'clear-warning' }]);
    expect(state.phase).toBe('sharing');
  });

  it("a screen chosen in the extension's picker says so on the trail", () => {
    const actions = onScreenShareObservation(initialScreenShareState(), { type: 'started', at: 5, surface: 'monitor', picker: 'extension' });
    expect(actions[0]).toEqual({ type: 'record', kind: 'SCREEN_SHARE_STARTED', at: 5, detail: { surface: 'monitor', picker: 'extension' } });
  });

  it('a tab, a window or an unnamed surface is refused, stopped, noted and asked again with the reason', () => {
    for (const [surface, words] of [
      ['browser', 'a browser tab'],
      ['window', 'a window'],
      [null, 'something the browser did not name'],
    ] as const) {
      const state = initialScreenShareState();
      const actions = onScreenShareObservation(state, { type: 'started', at: 9, surface });
      expect(kinds(actions)).toEqual(['stop-share', 'SCREEN_SHARE_STOPPED', 'warn']);
      expect(actions[1]).toMatchObject({ detail: { reason: 'not the entire screen', surface: surface ?? 'unknown' } });
      const warning = actions.find((action) => action.type === 'warn');
      expect(warning).toMatchObject({ warning: { blocking: true, title: 'Share your entire screen' } });
      expect(refusedWarning(surface).text).toContain(`You shared ${words}, not your entire screen.`);
      expect(state.phase).toBe('waiting');
    }
  });

  it('stopping the share is an event and a blocking warning; sharing again takes it down; never a submission', () => {
    const state = initialScreenShareState();
    onScreenShareObservation(state, { type: 'started', at: 1, surface: 'monitor' });
    const stopped = onScreenShareObservation(state, { type: 'ended', at: 50 });
    expect(kinds(stopped)).toEqual(['SCREEN_SHARE_STOPPED', 'WARNING_SHOWN', 'warn']);
    expect(stopped[2]).toEqual({ type: 'warn', warning: SCREEN_SHARE_STOPPED_WARNING });
    expect(state.phase).toBe('stopped');
    // A second 'ended' (two tracks) changes nothing.
    expect(onScreenShareObservation(state, { type: 'ended', at: 51 })).toEqual([]);
    // The picker closed: asked again, the same warning, nothing recorded.
    expect(onScreenShareObservation(state, { type: 'not-started', at: 60, message: null })).toEqual([{ type: 'warn', warning: SCREEN_SHARE_STOPPED_WARNING }]);
    expect(kinds(onScreenShareObservation(state, { type: 'started', at: 70, surface: 'monitor' }))).toEqual(['SCREEN_SHARE_STARTED', 'clear-warning']);
    expect(state.phase).toBe('sharing');
  });

  it('closing the picker before sharing asks again, with the browser message', () => {
    const state = initialScreenShareState();
    const [action] = onScreenShareObservation(state, { type: 'not-started', at: 3, message: 'Permission denied' });
    expect(action).toMatchObject({ type: 'warn', warning: { blocking: true, text: expect.stringContaining('Screen sharing did not start (Permission denied).') } });
  });

  it('a browser without screen sharing is noted and told, and the test goes on', () => {
    const state = initialScreenShareState();
    const actions = onScreenShareObservation(state, { type: 'unsupported', at: 2 });
    expect(kinds(actions)).toEqual(['DETECTOR_UNAVAILABLE', 'warn']);
    expect(actions[1]).toMatchObject({ warning: { blocking: false } });
    expect(state.phase).toBe('unsupported');
  });

  it('status line', () => {
    expect(screenStatusText('sharing')).toBe('Screen: sharing your entire screen');
    expect(screenStatusText('waiting')).toBe('Screen: not shared');
    expect(screenStatusText('stopped')).toBe('Screen: not shared');
    expect(screenStatusText('unsupported')).toBe('Screen: sharing not available');
  });
});
