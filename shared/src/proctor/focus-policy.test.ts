import { describe, expect, it } from 'vitest';
import { focusSettings, initialFocusState, onFocusObservation, type FocusAction, type FocusSettings } from './focus-policy';

const kinds = (actions: FocusAction[]) => actions.map((action) => (action.type === 'record' ? action.kind : action.type));
const submitted = (actions: FocusAction[]) => actions.find((action) => action.type === 'submit');

function run(settings: FocusSettings, steps: Parameters<typeof onFocusObservation>[2][]) {
  const state = initialFocusState();
  const all = steps.map((step) => onFocusObservation(state, settings, step));
  return { state, all, flat: all.flat() };
}

describe('focus settings from the test config (spec section 9 defaults)', () => {
  it('defaults: 50 switches, 10 s away, warning offset 10, nothing auto-submits, no full screen, no mouse-out', () => {
    expect(focusSettings({}, 1366)).toEqual({
      autoTerminate: false,
      fullScreen: false,
      mouseOut: false,
      allowedCount: 50,
      maxAwayMs: 10_000,
      warningOffsetMs: 10_000,
      warningOffsetCount: 10,
    });
  });

  it('small screens: 10 switches and 40 s (MAX_BLUR_ALLOWED_TIME_M)', () => {
    const small = focusSettings({}, 400);
    expect(small.allowedCount).toBe(10);
    expect(small.maxAwayMs).toBe(40_000);
    expect(focusSettings({ isMobileDevice: 'true' }, 1366).maxAwayMs).toBe(40_000);
  });

  it('reads the flags and numbers institutes write by hand', () => {
    const settings = focusSettings({ AUTO_TERMINATE: 'true', FULL_SCREEN: 1, MOUSE_OUT: true, BLUR_ALLOWED_COUNT: '3', MAX_BLUR_ALLOWED_TIME: 5, WARNING_OFFSET: '2' }, 1366);
    expect(settings).toMatchObject({ autoTerminate: true, fullScreen: true, mouseOut: true, allowedCount: 3, maxAwayMs: 5000, warningOffsetMs: 2000 });
    expect(focusSettings({ BLUR_ALLOWED_COUNT: 'many', MAX_BLUR_ALLOWED_TIME: -1 }, 1366)).toMatchObject({ allowedCount: 50, maxAwayMs: 10_000 });
  });
});

describe('going away and coming back', () => {
  it('records each time away with how long it lasted; without AUTO_TERMINATE it only warns, never submits', () => {
    const settings = focusSettings({ BLUR_ALLOWED_COUNT: 2 }, 1366);
    const { flat, state } = run(settings, [
      { type: 'away', at: 1000 },
      { type: 'tick', at: 60_000 },
      { type: 'back', at: 61_000 },
      { type: 'away', at: 70_000 },
      { type: 'back', at: 71_000 },
      { type: 'away', at: 80_000 },
      { type: 'back', at: 81_000 },
    ]);
    expect(submitted(flat)).toBeUndefined();
    expect(state.count).toBe(3);
    const focus = flat.find((action) => action.type === 'record' && action.kind === 'FOCUS');
    expect(focus).toMatchObject({ detail: { away_ms: 60_000, count: 1 } });
    expect(flat.filter((action) => action.type === 'warn')).toHaveLength(3);
  });

  it('AUTO_TERMINATE: one time more than allowed submits with BLUR_ALLOWED_COUNT', () => {
    const settings = focusSettings({ AUTO_TERMINATE: true, BLUR_ALLOWED_COUNT: 2 }, 1366);
    const { all } = run(settings, [
      { type: 'away', at: 1000 },
      { type: 'back', at: 2000 },
      { type: 'away', at: 3000 },
      { type: 'back', at: 4000 },
      { type: 'away', at: 5000 },
      { type: 'back', at: 6000 },
    ]);
    expect(submitted(all[3] ?? [])).toBeUndefined();
    expect(kinds(all[4] ?? [])).toEqual(['BLUR', 'AUTO_SUBMIT', 'submit']);
    expect(submitted(all[4] ?? [])).toEqual({ type: 'submit', reason: 'BLUR_ALLOWED_COUNT' });
    // Nothing after the submission.
    expect(all[5]).toEqual([]);
  });

  it('AUTO_TERMINATE: away longer than the blur time submits with BLUR_TIME_OUT, on a tick or on return', () => {
    const settings = focusSettings({ AUTO_TERMINATE: true }, 1366);
    const ticked = run(settings, [{ type: 'away', at: 0 }, { type: 'tick', at: 9_999 }, { type: 'tick', at: 10_000 }]);
    expect(submitted(ticked.all[1] ?? [])).toBeUndefined();
    expect(submitted(ticked.all[2] ?? [])).toEqual({ type: 'submit', reason: 'BLUR_TIME_OUT' });
    // A hidden page's timers may not run: the return judges the time away too.
    const returned = run(settings, [{ type: 'away', at: 0 }, { type: 'back', at: 12_000 }]);
    expect(submitted(returned.flat)).toEqual({ type: 'submit', reason: 'BLUR_TIME_OUT' });
  });

  it('warns WARNING_OFFSET seconds before the blur time runs out (at once with the defaults)', () => {
    const defaults = run(focusSettings({ AUTO_TERMINATE: true }, 1366), [{ type: 'away', at: 0 }]);
    expect(defaults.flat.find((action) => action.type === 'warn')).toMatchObject({ warning: { reason: 'BLUR_TIME', submitAt: 10_000 } });
    const offset = run(focusSettings({ AUTO_TERMINATE: true, MAX_BLUR_ALLOWED_TIME: 30, WARNING_OFFSET: 5 }, 1366), [
      { type: 'away', at: 0 },
      { type: 'tick', at: 24_000 },
      { type: 'tick', at: 25_000 },
      { type: 'tick', at: 26_000 },
    ]);
    expect(offset.all[0]?.some((action) => action.type === 'warn')).toBe(false);
    expect(offset.all[1]?.some((action) => action.type === 'warn')).toBe(false);
    expect(offset.all[2]?.find((action) => action.type === 'warn')).toMatchObject({ warning: { text: expect.stringContaining('within 5 seconds'), submitAt: 30_000 } });
    expect(offset.all[3]?.some((action) => action.type === 'warn')).toBe(false);
  });

  it('a repeated away or back (blur and visibilitychange both fire) counts once', () => {
    const { state, all } = run(focusSettings({}, 1366), [{ type: 'away', at: 0 }, { type: 'away', at: 5 }, { type: 'back', at: 100 }, { type: 'back', at: 105 }]);
    expect(state.count).toBe(1);
    expect(all[1]).toEqual([]);
    expect(all[3]).toEqual([]);
  });
});

describe('full screen', () => {
  it('is ignored unless the test asks for it', () => {
    expect(run(focusSettings({}, 1366), [{ type: 'fullscreen-exit', at: 0 }, { type: 'tick', at: 60_000 }]).flat).toEqual([]);
  });

  it('leaving shows the warning with the blur seconds and submits with BLUR_TIME_OUT unless the student returns', () => {
    const settings = focusSettings({ FULL_SCREEN: true }, 1366);
    const left = run(settings, [{ type: 'fullscreen-exit', at: 0 }, { type: 'tick', at: 10_000 }]);
    expect(left.all[0]?.find((action) => action.type === 'warn')).toMatchObject({
      warning: { reason: 'FULLSCREEN', text: expect.stringContaining('within 10 seconds'), submitAt: 10_000 },
    });
    expect(submitted(left.flat)).toEqual({ type: 'submit', reason: 'BLUR_TIME_OUT' });

    const back = run(settings, [{ type: 'fullscreen-exit', at: 0 }, { type: 'fullscreen-enter', at: 4000 }, { type: 'tick', at: 20_000 }]);
    expect(kinds(back.all[1] ?? [])).toEqual(['FULLSCREEN_ENTER', 'clear-warning']);
    expect(submitted(back.flat)).toBeUndefined();
  });
});

describe('mouse-out', () => {
  it('is recorded only when the config enables it', () => {
    expect(run(focusSettings({}, 1366), [{ type: 'mouse-out', at: 1 }]).flat).toEqual([]);
    expect(kinds(run(focusSettings({ MOUSE_OUT: 'true' }, 1366), [{ type: 'mouse-out', at: 1 }]).flat)).toEqual(['MOUSE_OUT']);
  });
});
