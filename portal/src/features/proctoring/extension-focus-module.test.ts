import { describe, expect, it } from 'vitest';
import { extensionMediaSettings } from './extension-focus-module';

describe('the detectors the page asks the extension to run', () => {
  it("carries the proctor's restarts, so the offscreen detectors start afresh on RELOAD_VIDEO or SELECT_WEBCAM", () => {
    const config = { DETECT_MULTIFACE: true };
    const before = extensionMediaSettings(config, { camera: 'Front' });
    expect(before).toMatchObject({ camera: 'Front' });
    expect(before).not.toHaveProperty('restart');
    const after = extensionMediaSettings(config, { camera: 'USB' }, 2);
    expect(after).toMatchObject({ camera: 'USB', restart: 2 });
    expect(extensionMediaSettings({}, { camera: 'USB' }, 2)).toBeUndefined();
  });
});
