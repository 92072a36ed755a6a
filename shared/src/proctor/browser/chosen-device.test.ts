import { describe, expect, it } from 'vitest';
import { chosenDeviceConstraint, openChosenDevice } from './chosen-device';

const device = (kind: MediaDeviceKind, deviceId: string, label: string) => ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo;
const media = (devices: MediaDeviceInfo[]) => ({ enumerateDevices: async () => devices });
const DEVICES = [device('videoinput', 'built-in', 'Integrated Camera'), device('videoinput', 'usb', 'USB Webcam'), device('audioinput', 'mic', 'USB Webcam')];

describe('chosen device', () => {
  it('finds the chosen camera by id on the same origin, by label on another', async () => {
    expect(await chosenDeviceConstraint(media(DEVICES), 'videoinput', { deviceId: 'usb', label: 'USB Webcam' })).toEqual({ deviceId: { exact: 'usb' } });
    const otherOrigin = [device('videoinput', 'x1', 'Integrated Camera'), device('videoinput', 'x2', 'USB Webcam')];
    expect(await chosenDeviceConstraint(media(otherOrigin), 'videoinput', { label: 'USB Webcam' })).toEqual({ deviceId: { exact: 'x2' } });
    expect(await chosenDeviceConstraint(media(DEVICES), 'audioinput', { label: 'USB Webcam' })).toEqual({ deviceId: { exact: 'mic' } });
  });

  it("leaves the browser's default when there is no choice, no such device, or no list", async () => {
    expect(await chosenDeviceConstraint(media(DEVICES), 'videoinput', null)).toEqual({});
    expect(await chosenDeviceConstraint(media(DEVICES), 'videoinput', { deviceId: 'gone', label: 'Gone Camera' })).toEqual({});
    expect(await chosenDeviceConstraint({ enumerateDevices: async () => Promise.reject(new Error('no')) }, 'videoinput', { deviceId: 'usb' })).toEqual({});
  });

  it('opens the chosen device, falls back on the default one when it is gone, never after a refusal', async () => {
    const stream = {} as MediaStream;
    const asked: object[] = [];
    const named = (name: string) => Object.assign(new Error(name), { name });
    const opener = (failWith: string | null) => async (pick: object) => {
      asked.push(pick);
      if (failWith && 'deviceId' in pick) throw named(failWith);
      return stream;
    };
    expect(await openChosenDevice(media(DEVICES), 'videoinput', { deviceId: 'usb' }, opener(null))).toBe(stream);
    expect(asked).toEqual([{ deviceId: { exact: 'usb' } }]);
    asked.length = 0;
    expect(await openChosenDevice(media(DEVICES), 'videoinput', { deviceId: 'usb' }, opener('OverconstrainedError'))).toBe(stream);
    expect(asked).toEqual([{ deviceId: { exact: 'usb' } }, {}]);
    await expect(openChosenDevice(media(DEVICES), 'videoinput', { deviceId: 'usb' }, opener('NotAllowedError'))).rejects.toThrow('NotAllowedError');
  });
});

