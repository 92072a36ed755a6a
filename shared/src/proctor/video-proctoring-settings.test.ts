import { describe, expect, it } from 'vitest';
import { videoProctoringMode } from './video-proctoring-settings';
import { screenShareSettings } from './screen-share-settings';

describe('video proctoring mode', () => {
  it('jitsi-single and v-s meet in a room per candidate; jitsi-multi and jitsi-multiple in one room per test', () => {
    expect(videoProctoringMode({ PROCTOR_TYPE: 'jitsi-single' })).toBe('single');
    expect(videoProctoringMode({ PROCTOR_TYPE: ' V-S ' })).toBe('single');
    expect(videoProctoringMode({ PROCTOR_TYPE: 'jitsi-multi' })).toBe('multi');
    expect(videoProctoringMode({ PROCTOR_TYPE: 'Jitsi-Multiple' })).toBe('multi');
  });

  it('none, screen, a missing or a non-string type have no video', () => {
    for (const type of [undefined, 'none', 'screen', 'jitsi', true, 3]) expect(videoProctoringMode({ PROCTOR_TYPE: type })).toBe('none');
  });

  it("v-s is video and screen: it asks for the page's screen share too; the jitsi types do not", () => {
    expect(screenShareSettings({ PROCTOR_TYPE: 'v-s' }).enabled).toBe(true);
    expect(screenShareSettings({ PROCTOR_TYPE: 'jitsi-single' }).enabled).toBe(false);
  });
});
