/**
 * The camera or microphone the student chose on the device check, for the test's own checks: by
 * its id where the same origin opens it (the page), by its label where another origin does (the
 * extension's offscreen document: device ids differ per origin, labels do not).
 */
export interface ChosenDevice {
  deviceId?: string;
  label?: string;
}

/**
 * The deviceId constraint for the chosen device, or none (the browser's default) when there is no
 * choice or no such device any more.
 */
export async function chosenDeviceConstraint(
  media: Pick<MediaDevices, 'enumerateDevices'>,
  kind: 'videoinput' | 'audioinput',
  chosen: ChosenDevice | null | undefined,
): Promise<{ deviceId?: { exact: string } }> {
  if (!chosen?.deviceId && !chosen?.label) return {};
  let devices: MediaDeviceInfo[];
  try {
    devices = (await media.enumerateDevices()).filter((device) => device.kind === kind && device.deviceId !== '');
  } catch {
    return {};
  }
  const match =
    devices.find((device) => chosen.deviceId !== undefined && device.deviceId === chosen.deviceId) ??
    devices.find((device) => chosen.label !== undefined && chosen.label !== '' && device.label === chosen.label);
  return match ? { deviceId: { exact: match.deviceId } } : {};
}

/** Errors of a device that cannot be opened any more (gone, busy), after which the default one is tried. */
const DEVICE_GONE = new Set(['OverconstrainedError', 'NotFoundError', 'NotReadableError', 'AbortError']);

/**
 * Opens the chosen device (`exact`: measured, Chromium's fake prompt ignores an `ideal` device and
 * opens the first one), or the default device when there is no choice or the chosen one cannot be
 * opened any more: a camera unplugged since the device check must not leave the test without one.
 * A refusal (NotAllowedError) is not retried.
 */
export async function openChosenDevice(
  media: Pick<MediaDevices, 'enumerateDevices'>,
  kind: 'videoinput' | 'audioinput',
  chosen: ChosenDevice | null | undefined,
  open: (pick: { deviceId?: { exact: string } }) => Promise<MediaStream>,
): Promise<MediaStream> {
  const pick = await chosenDeviceConstraint(media, kind, chosen);
  if (!pick.deviceId) return open({});
  try {
    return await open(pick);
  } catch (error) {
    if (error instanceof Error && DEVICE_GONE.has(error.name)) return open({});
    throw error;
  }
}
