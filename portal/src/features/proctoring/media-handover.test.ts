import { describe, expect, it } from 'vitest';
import { extensionRuns } from './media-handover';

describe('camera and microphone handover', () => {
  it('stands down while pairing has not answered, then runs its own check when no extension came', () => {
    expect(extensionRuns(null, 'camera', false, false)).toBe(true);
    expect(extensionRuns(null, 'camera', false, true)).toBe(false);
    // Never longer than the handover's wait.
    expect(extensionRuns(null, 'camera', true, false)).toBe(false);
  });

  it('stands down while the extension starts or runs the detector, and takes over when it cannot', () => {
    expect(extensionRuns('pending', 'camera', false)).toBe(true);
    expect(extensionRuns('pending', 'camera', true)).toBe(false);
    expect(extensionRuns({ camera: 'running', microphone: 'off' }, 'camera', true)).toBe(true);
    expect(extensionRuns({ camera: 'starting', microphone: 'off' }, 'camera', false)).toBe(true);
    expect(extensionRuns({ camera: 'unavailable', microphone: 'running' }, 'camera', false)).toBe(false);
    expect(extensionRuns({ camera: 'unavailable', microphone: 'running' }, 'microphone', false)).toBe(true);
  });
});
