/**
 * Which proctoring signals this browser covers, and who watches each (issue 4): the paired
 * extension, this page, or nobody. Honest by construction: only what the browser exposes counts,
 * and the device check always says what no browser can see.
 */

export type Watcher = 'extension' | 'page' | 'none';

export interface CoverageRow {
  signal: string;
  watcher: Watcher;
  /** What the watcher actually sees, in a few words. */
  note: string;
}

export interface BrowserAbilities {
  /** The institute's extension answered the pairing request on this page. */
  extension: boolean;
  fullScreen: boolean;
  camera: boolean;
  microphone: boolean;
  screenShare: boolean;
}

export const WATCHER_LABEL: Record<Watcher, string> = {
  extension: 'Extension',
  page: 'This page',
  none: 'Not available in this browser',
};

export const BLIND_SPOTS =
  'No browser check can see a second device, such as a phone on the desk, or tell whether this computer is a virtual machine.';

export function proctorCoverage(can: BrowserAbilities): CoverageRow[] {
  const pageOr = (available: boolean, note: string): Pick<CoverageRow, 'watcher' | 'note'> =>
    available ? { watcher: 'page', note } : { watcher: 'none', note: 'This browser does not offer it.' };
  return [
    can.extension
      ? { signal: 'Tab and window switches', watcher: 'extension', note: 'Every tab and window of this browser.' }
      : { signal: 'Tab and window switches', watcher: 'page', note: 'When this tab is hidden or its window loses focus.' },
    can.extension
      ? { signal: 'Full screen', watcher: 'extension', note: 'The test window itself.' }
      : { signal: 'Full screen', ...pageOr(can.fullScreen, 'Leaving full screen on this page.') },
    // The extension runs the face check and speech detection in its own document once it has been
    // allowed the camera and microphone (decision 0016); until then this page runs them.
    can.extension
      ? { signal: 'Camera', watcher: 'extension', note: 'Faces in view, on this device only (this page checks until the extension is allowed the camera from its popup).' }
      : { signal: 'Camera', ...pageOr(can.camera, 'Faces in view, on this device only.') },
    can.extension
      ? { signal: 'Microphone', watcher: 'extension', note: 'Speech nearby, on this device only (this page listens until the extension is allowed the microphone from its popup).' }
      : { signal: 'Microphone', ...pageOr(can.microphone, 'Speech nearby, on this device only.') },
    can.extension
      ? { signal: 'Screen share', watcher: 'extension', note: "Chrome's picker, offering entire screens only." }
      : { signal: 'Screen share', ...pageOr(can.screenShare, 'Whether an entire screen is shared.') },
  ];
}

/** What this browser exposes (feature detection only; nothing is opened or asked). */
export function browserAbilities(win: Window, extension: boolean): BrowserAbilities {
  const media = win.navigator.mediaDevices as Partial<MediaDevices> | undefined;
  const getUserMedia = typeof media?.getUserMedia === 'function';
  return {
    extension,
    fullScreen: Boolean(win.document.fullscreenEnabled) && typeof win.document.documentElement.requestFullscreen === 'function',
    camera: getUserMedia,
    microphone: getUserMedia,
    screenShare: typeof media?.getDisplayMedia === 'function',
  };
}
