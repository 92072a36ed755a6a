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
    expect(saveStateText({ status: 'offline', unsent: 3 }, false, null)).toBe('Offline: 3 unsaved changes');
    expect(saveStateText({ status: 'offline', unsent: 1 }, false, null)).toBe('Offline: 1 unsaved change');
    expect(saveStateText({ status: 'error', unsent: 2, message: 'Answer save failed!' }, false, null)).toBe('Answer save failed! (2 unsaved changes)');
    expect(saveStateText({ status: 'saved', unsent: 0 }, false, 'Answers could not be stored on this device: full')).toContain('could not be stored');
  });
});
