import { describe, expect, it } from 'vitest';
import { attemptFlags } from './attempt-config';
import { saveStateText } from './save-state-text';

describe('attempt flags', () => {
  it('hides the preview and the pre-submit dialog unless the config says otherwise', () => {
    expect(attemptFlags({})).toEqual({ hideTestPreview: true, hidePreSubmit: true, onlyPdfAnswer: false, takesPdf: false, autosaveInterval: 300, pingInterval: 20 });
    expect(attemptFlags({ HIDE_TEST_PREVIEW: 'false', HIDE_PRE_SUBMIT: false, ONLY_PDF_ANSWER: 'TRUE', AUTOSAVE_INTERVAL: '60', PING_INTERVAL: 0 })).toEqual({
      hideTestPreview: false, hidePreSubmit: false, onlyPdfAnswer: true, takesPdf: true, autosaveInterval: 60, pingInterval: 20,
    });
    expect(attemptFlags({ PDF_UPLOAD: true }).takesPdf).toBe(true);
  });
});

describe('save state text', () => {
  it('never claims saved before the server said so', () => {
    expect(saveStateText({ status: 'saved', unsent: 0 }, false, null)).toBe('All answers saved');
    expect(saveStateText({ status: 'saving', unsent: 2 }, false, null)).toBe('Saving…');
    expect(saveStateText({ status: 'offline', unsent: 7 }, false, null, false, 3)).toBe('Offline: 3 unsaved answers');
    expect(saveStateText({ status: 'offline', unsent: 2 }, false, null, false, 1)).toBe('Offline: 1 unsaved answer');
    expect(saveStateText({ status: 'offline', unsent: 2 }, false, null, false, 0)).toBe('Offline: all answers saved');
    expect(saveStateText({ status: 'error', unsent: 5, message: 'Answer save failed!' }, false, null, false, 2)).toBe('Answer save failed! (2 unsaved answers)');
    expect(saveStateText({ status: 'saved', unsent: 0 }, false, 'Answers could not be stored on this device: full')).toContain('could not be stored');
  });
});
