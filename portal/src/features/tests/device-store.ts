import type { Device } from '@invigil/shared/api/tests';
import type { ChosenDevice } from '@invigil/shared/proctor/browser/chosen-device';

/** The devices the device check saw, kept for this tab until the test starts (sent with POST /test/start). */
const key = (testId: string) => `devices:${testId}`;

export function rememberDevices(testId: string, devices: Device[]): void {
  try {
    sessionStorage.setItem(key(testId), JSON.stringify(devices));
  } catch {
    // Session storage unavailable: the start records no devices.
  }
}

/** The camera or microphone the device check used (its id on this origin, its label everywhere), or null. */
export function chosenDevice(testId: string, kind: 'videoinput' | 'audioinput'): ChosenDevice | null {
  const device = rememberedDevices(testId).find((each) => each.type === kind && each.active);
  return device ? { deviceId: device.deviceId, label: device.label } : null;
}

export function rememberedDevices(testId: string): Device[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key(testId)) ?? '[]');
    return Array.isArray(value) ? (value as Device[]).slice(0, 20) : [];
  } catch {
    return [];
  }
}
