import type { Device } from '@invigil/shared/api/tests';

/** The devices the device check saw, kept for this tab until the test starts (sent with POST /test/start). */
const key = (testId: string) => `devices:${testId}`;

export function rememberDevices(testId: string, devices: Device[]): void {
  try {
    sessionStorage.setItem(key(testId), JSON.stringify(devices));
  } catch {
    // Session storage unavailable: the start records no devices.
  }
}

export function rememberedDevices(testId: string): Device[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key(testId)) ?? '[]');
    return Array.isArray(value) ? (value as Device[]).slice(0, 20) : [];
  } catch {
    return [];
  }
}
