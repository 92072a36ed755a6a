import { afterEach, describe, expect, it } from 'vitest';
import { pageCameraInUse } from '../proctoring/camera-in-use';
import { startCameraReport } from './camera-report';

function fakeMedia(labels: string[]) {
  let listener: (() => void) | null = null;
  const media = {
    labels,
    enumerateDevices: async () => [
      ...media.labels.map((label, index) => ({ kind: 'videoinput', label, deviceId: `cam-${index}` })),
      { kind: 'audioinput', label: 'Microphone', deviceId: 'mic' },
      // Before the camera is allowed, a camera has no label: not listed.
      { kind: 'videoinput', label: '', deviceId: '' },
    ],
    addEventListener: (_type: string, callback: () => void) => (listener = callback),
    removeEventListener: () => (listener = null),
    change: () => listener?.(),
  };
  return media;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  pageCameraInUse.value = null;
});

describe('the camera report of the status ping', () => {
  it('lists the cameras by label once each, follows a camera plugged in, and names the one the page has open', async () => {
    const media = fakeMedia(['Front camera', 'Front camera', 'USB camera']);
    const report = startCameraReport('t-1', media as unknown as MediaDevices);
    await settle();
    expect(report.read()).toEqual({ cameras: ['Front camera', 'USB camera'], camera: null });

    media.labels = ['Front camera', 'USB camera', 'Desk camera'];
    media.change();
    pageCameraInUse.value = 'USB camera';
    await settle();
    expect(report.read()).toEqual({ cameras: ['Front camera', 'USB camera', 'Desk camera'], camera: 'USB camera' });

    report.stop();
    media.labels = [];
    media.change();
    await settle();
    expect(report.read().cameras).toHaveLength(3);
  });
});
