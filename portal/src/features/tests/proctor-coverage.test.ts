import { describe, expect, it } from 'vitest';
import { BLIND_SPOTS, proctorCoverage, type BrowserAbilities } from './proctor-coverage';

const everything: BrowserAbilities = { extension: true, fullScreen: true, camera: true, microphone: true, screenShare: true };
const watchers = (rows: ReturnType<typeof proctorCoverage>) => Object.fromEntries(rows.map((row) => [row.signal, row.watcher]));

describe('proctoring coverage', () => {
  it('gives every signal to the extension when it is paired', () => {
    expect(watchers(proctorCoverage(everything))).toEqual({
      'Tab and window switches': 'extension',
      'Full screen': 'extension',
      Camera: 'extension',
      Microphone: 'extension',
      'Screen share': 'extension',
    });
  });

  it('falls back to the page, and says what the browser does not offer', () => {
    const phone: BrowserAbilities = { extension: false, fullScreen: false, camera: true, microphone: true, screenShare: false };
    expect(watchers(proctorCoverage(phone))).toEqual({
      'Tab and window switches': 'page',
      'Full screen': 'none',
      Camera: 'page',
      Microphone: 'page',
      'Screen share': 'none',
    });
  });

  it('names what no browser can see', () => {
    expect(BLIND_SPOTS).toMatch(/second device/);
    expect(BLIND_SPOTS).toMatch(/virtual machine/);
  });
});
