import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A virtual X display (Debian's Xvfb, installed by scripts/test-e2e.sh) for what headless Chromium
 * cannot do without a screen: chrome.desktopCapture offers no 'screen' source when there is no
 * display ("At least one source type must be specified."). Chromium stays headless; DISPLAY in its
 * environment is only where it finds the screen to capture. Xvfb picks a free display number itself
 * (-displayfd) so parallel runs never collide.
 */
export interface VirtualDisplay {
  /** ':N', for DISPLAY. */
  display: string;
  stop(): void;
}

export function startVirtualDisplay(size = '1280x800x24'): Promise<VirtualDisplay> {
  return new Promise((resolve, reject) => {
    const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', size, '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    const timer = setTimeout(() => fail(new Error('Xvfb did not start within 10 s')), 10_000);
    function fail(error: Error) {
      clearTimeout(timer);
      xvfb.kill();
      reject(error);
    }
    xvfb.on('error', (error) => fail(new Error(`Xvfb could not start (${error.message}): run scripts/test-e2e.sh, which installs it`)));
    xvfb.on('exit', (code) => fail(new Error(`Xvfb exited (${code}) before giving a display`)));
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^(\d+)\n/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      xvfb.removeAllListeners('exit');
      resolve({ display: `:${match[1]}`, stop: () => void xvfb.kill() });
    });
  });
}
