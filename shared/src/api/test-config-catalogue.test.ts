import { describe, expect, it } from 'vitest';
import { cameraSettings } from '../proctor/camera-policy';
import { faceCheckSettings } from '../proctor/face-policy';
import { focusSettings } from '../proctor/focus-policy';
import { speechSettings } from '../proctor/speech-policy';
import { videoProctoringMode } from '../proctor/video-proctoring-settings';
import { configValue, otherConfigKeys, TEST_CONFIG_CATALOGUE, withConfigValue, type ConfigSetting } from './test-config-catalogue';

const setting = (key: string): ConfigSetting => {
  const found = TEST_CONFIG_CATALOGUE.find((item) => item.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
};

describe('the test config catalogue', () => {
  it('names each key once, in words, with a default of its kind', () => {
    const keys = TEST_CONFIG_CATALOGUE.map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of TEST_CONFIG_CATALOGUE) {
      expect(item.label.length, item.key).toBeGreaterThan(3);
      expect(item.help.length, item.key).toBeGreaterThan(10);
      if (item.kind === 'boolean') expect(typeof item.default).toBe('boolean');
      if (item.kind === 'number') expect(typeof item.default).toBe('number');
      if (item.kind === 'choice') expect(item.choices?.map((choice) => choice.value)).toContain(item.default);
    }
    for (const key of ['PROCTOR_TYPE', 'DETECT_MULTIFACE', 'DETECT_SPEECH', 'AUDIO_RECORDING', 'IMAGE_CAPTURE', 'PDF_UPLOAD', 'HIDE_PRE_SUBMIT', 'HIDE_TEST_PREVIEW', 'ONLY_PDF_ANSWER', 'QUESTION_PDF_DOWNLOAD', 'DISABLE_CHAT', 'MAX_BLUR_ALLOWED_TIME', 'WARNING_OFFSET', 'BLUR_ALLOWED_COUNT', 'DETECT_FACE_MISMATCH']) {
      expect(keys, key).toContain(key);
    }
  });

  it('has the defaults the proctoring code applies to an empty config', () => {
    const focus = focusSettings({}, 1280);
    expect(configValue({}, setting('BLUR_ALLOWED_COUNT'))).toBe(focus.allowedCount);
    expect((configValue({}, setting('MAX_BLUR_ALLOWED_TIME')) as number) * 1000).toBe(focus.maxAwayMs);
    expect((configValue({}, setting('MAX_BLUR_ALLOWED_TIME_M')) as number) * 1000).toBe(focusSettings({}, 360).maxAwayMs);
    expect((configValue({}, setting('WARNING_OFFSET')) as number) * 1000).toBe(focus.warningOffsetMs);
    expect(configValue({}, setting('AUTO_TERMINATE'))).toBe(focus.autoTerminate);
    expect(configValue({}, setting('FULL_SCREEN'))).toBe(focus.fullScreen);
    expect(configValue({}, setting('MOUSE_OUT'))).toBe(focus.mouseOut);
    const speech = speechSettings({});
    expect(configValue({}, setting('DETECT_SPEECH'))).toBe(speech.enabled);
    expect(configValue({}, setting('AUDIO_RECORDING'))).toBe(speech.transcribe);
    const face = faceCheckSettings({});
    expect(configValue({}, setting('DETECT_MULTIFACE'))).toBe(face.enabled);
    expect(configValue({}, setting('IMAGE_CAPTURE'))).toBe(face.snapshot);
    expect((configValue({}, setting('DETECT_FACE_NINTERVAL')) as number) * 1000).toBe(face.normalIntervalMs);
    expect((configValue({}, setting('DETECT_FACE_DINTERVAL')) as number) * 1000).toBe(face.detectedIntervalMs);
    expect(configValue({}, setting('IMAGE_PROCTOR'))).toBe(cameraSettings({}).imageProctor.enabled);
    expect((configValue({}, setting('IMAGE_PROCTOR_INTERVAL')) as number) * 1000).toBe(cameraSettings({}).imageProctor.intervalMs);
    expect(videoProctoringMode({})).toBe('none');
    expect(configValue({}, setting('PROCTOR_TYPE'))).toBe('none');
  });

  it('reads flags as institutes write them, and the other names of a key', () => {
    expect(configValue({ DETECT_MULTIFACE: 'TRUE' }, setting('DETECT_MULTIFACE'))).toBe(true);
    expect(configValue({ DETECT_MULTIFACE: 1 }, setting('DETECT_MULTIFACE'))).toBe(true);
    expect(configValue({ AUDIO_RECORDING: 'off' }, setting('AUDIO_RECORDING'))).toBe(false);
    expect(configValue({ HIDE_PRE_SUBMIT: false }, setting('HIDE_PRE_SUBMIT'))).toBe(false);
    expect(configValue({ AUTO_TERMINATION: true }, setting('AUTO_TERMINATE'))).toBe(true);
    expect(configValue({ FULL_SCREEN_DETECTION: '1' }, setting('FULL_SCREEN'))).toBe(true);
    expect(configValue({ PROCTOR_TYPE: 'Jitsi-Multiple' }, setting('PROCTOR_TYPE'))).toBe('jitsi-multi');
    expect(configValue({ WARNING_OFFSET: '15' }, setting('WARNING_OFFSET'))).toBe(15);
    expect(configValue({ WARNING_OFFSET: 'soon' }, setting('WARNING_OFFSET'))).toBe(10);
  });

  it('writes a change without the old names, and leaves a default out', () => {
    expect(withConfigValue({ AUTO_TERMINATION: true, CDN: 'x' }, setting('AUTO_TERMINATE'), true)).toEqual({ AUTO_TERMINATE: true, CDN: 'x' });
    expect(withConfigValue({ DETECT_SPEECH: true }, setting('DETECT_SPEECH'), false)).toEqual({});
    // The chat is off by default: turning it on writes DISABLE_CHAT false, which the test screen reads as "shown".
    expect(withConfigValue({}, setting('DISABLE_CHAT'), false)).toEqual({ DISABLE_CHAT: false });
    expect(withConfigValue({ BLUR_ALLOWED_COUNT: 5 }, setting('BLUR_ALLOWED_COUNT'), null)).toEqual({});
    expect(withConfigValue({}, setting('PROCTOR_TYPE'), 'screen')).toEqual({ PROCTOR_TYPE: 'screen' });
  });

  it('keeps the keys it does not know', () => {
    expect(otherConfigKeys({ CDN: 'https://cdn', PROCTOR_TYPE: 'none', FULLSCREEN: true, MY_FLAG: 1 })).toEqual(['CDN', 'MY_FLAG']);
  });
});
