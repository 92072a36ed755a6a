/**
 * The camera and microphone check shared by the device check, troubleshoot and capture-image
 * screens: asks for both, tells whether each really delivers (a live video track with frames, a
 * microphone whose level moves), and lists the cameras for the selector.
 */

export const MEDIA_MESSAGES = {
  videoNotWorking: 'Video is not working',
  audioNotWorking: 'Audio is not working.',
  permissionDenied: 'Please allow this website to access webcam!',
} as const;

export interface CameraOption {
  deviceId: string;
  label: string;
}

export interface MediaCheckResult {
  stream: MediaStream | null;
  video: boolean;
  audio: boolean;
  /** Every message that applies (spec wording), none when both work. */
  errors: string[];
  cameras: CameraOption[];
  /** The camera the check used (so the selector shows it), or undefined without one. */
  cameraId: string | undefined;
  /** What the test start records (spec: deviceId, type, active, label). */
  devices: { deviceId: string; type: string; active: boolean; label: string }[];
}

/** The text after the first colon of a browser error (spec: "other errors show the message after the first colon"). */
export function messageAfterColon(message: string): string {
  const index = message.indexOf(':');
  return index >= 0 ? message.slice(index + 1).trim() || message : message;
}

const errorName = (error: unknown): string => (error instanceof Error || error instanceof DOMException ? error.name : '');

/** The browser refused the camera or microphone (as opposed to having none, or a busy one). */
export function isPermissionError(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError';
}

/** Maps a getUserMedia failure of the camera (or of the microphone) to the spec's message. */
export function mediaErrorMessage(error: unknown, kind: 'video' | 'audio' = 'video'): string {
  if (isPermissionError(error)) return MEDIA_MESSAGES.permissionDenied;
  const notWorking = kind === 'video' ? MEDIA_MESSAGES.videoNotWorking : MEDIA_MESSAGES.audioNotWorking;
  const name = errorName(error);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return notWorking;
  const message = error instanceof Error ? error.message : String(error);
  return messageAfterColon(message) || notWorking;
}

/** What each half of the check came to: working, or the message that says why not. */
export interface MediaOutcome {
  video: true | string;
  audio: true | string;
}

/** Each message that applies, once, the camera's first (a refused permission is one message for both). */
export function outcomeMessages(outcome: MediaOutcome): string[] {
  const messages = [outcome.video, outcome.audio].filter((each): each is string => each !== true);
  return [...new Set(messages)];
}

type DeviceEntry = Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label' | 'groupId'>;

/** Chromium's stand-ins for "whatever the system uses": the same device as a real entry, under another id. */
const PSEUDO_DEVICE_IDS = new Set(['default', 'communications']);

/**
 * The cameras for the selector, each real device once: no entry without an id (the browser hides
 * ids until the camera is allowed), no repeated id, and no "default" stand-in for a camera that is
 * listed under its own id as well.
 */
export function listCameras(devices: readonly DeviceEntry[]): CameraOption[] {
  const cameras = devices.filter((device) => device.kind === 'videoinput' && device.deviceId !== '');
  const realGroups = new Set(cameras.filter((device) => !PSEUDO_DEVICE_IDS.has(device.deviceId)).map((device) => device.groupId));
  const seen = new Set<string>();
  const options: CameraOption[] = [];
  for (const device of cameras) {
    if (seen.has(device.deviceId)) continue;
    if (PSEUDO_DEVICE_IDS.has(device.deviceId) && realGroups.has(device.groupId)) continue;
    seen.add(device.deviceId);
    options.push({ deviceId: device.deviceId, label: device.label || `Camera ${options.length + 1}` });
  }
  return options;
}

type OpenMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

/**
 * Opens the camera and the microphone together (one permission prompt). If that fails for another
 * reason than a refusal (no camera, a busy microphone...), each is asked for alone, so the check
 * can say which of the two is missing and still show the one that works. A refusal is not asked
 * again: a dismissed prompt would only pop up twice more.
 */
export async function openMedia(open: OpenMedia, video: MediaTrackConstraints): Promise<{ streams: MediaStream[]; failures: Partial<MediaOutcome> }> {
  try {
    return { streams: [await open({ video, audio: true })], failures: {} };
  } catch (error) {
    if (isPermissionError(error)) return { streams: [], failures: { video: MEDIA_MESSAGES.permissionDenied, audio: MEDIA_MESSAGES.permissionDenied } };
  }
  const streams: MediaStream[] = [];
  const failures: Partial<MediaOutcome> = {};
  // One after the other: two prompts at once would stack.
  for (const kind of ['video', 'audio'] as const) {
    try {
      streams.push(await open(kind === 'video' ? { video } : { audio: true }));
    } catch (error) {
      failures[kind] = mediaErrorMessage(error, kind);
    }
  }
  return { streams, failures };
}

/** Peak deviation from silence (128) in a byte time-domain frame. */
export function signalLevel(samples: Uint8Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
  return peak;
}

async function videoDelivers(stream: MediaStream, timeoutMs: number): Promise<boolean> {
  const track = stream.getVideoTracks()[0];
  if (!track || track.readyState !== 'live') return false;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await Promise.race([video.play(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs))]);
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (video.videoWidth > 0 && video.readyState >= 2) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  } catch {
    return false;
  } finally {
    video.pause();
    video.srcObject = null;
  }
}

async function audioDelivers(stream: MediaStream, timeoutMs: number): Promise<boolean> {
  const track = stream.getAudioTracks()[0];
  if (!track || track.readyState !== 'live') return false;
  const context = new AudioContext();
  try {
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    if (context.state === 'suspended') await context.resume().catch(() => undefined);
    const samples = new Uint8Array(analyser.fftSize);
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      analyser.getByteTimeDomainData(samples);
      // Any movement at all: a working microphone in a silent room still hisses a little.
      if (signalLevel(samples) > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A muted-but-live track is still a working microphone for the check.
    return !track.muted;
  } finally {
    void context.close();
  }
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Runs the check with the chosen camera (or the default one). */
export async function checkMedia(cameraId?: string, timeoutMs = 4000): Promise<MediaCheckResult> {
  const { streams, failures } = await openMedia((constraints) => navigator.mediaDevices.getUserMedia(constraints), {
    width: 640,
    height: 480,
    ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
  });
  const stream = streams.length ? new MediaStream(streams.flatMap((each) => each.getTracks())) : null;
  const [video, audio] = stream ? await Promise.all([videoDelivers(stream, timeoutMs), audioDelivers(stream, timeoutMs)]) : [false, false];
  const errors = outcomeMessages({
    video: video || (failures.video ?? MEDIA_MESSAGES.videoNotWorking),
    audio: audio || (failures.audio ?? MEDIA_MESSAGES.audioNotWorking),
  });
  // Without any stream the browser lists no ids (nothing was allowed): no selector then.
  const all = stream ? await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]) : [];
  const activeIds = new Set(stream?.getTracks().map((track) => track.getSettings().deviceId) ?? []);
  const devices = all
    .filter((device) => device.kind === 'videoinput' || device.kind === 'audioinput')
    .map((device) => ({ deviceId: device.deviceId, type: device.kind, active: activeIds.has(device.deviceId), label: device.label }));
  const activeCamera = stream?.getVideoTracks()[0]?.getSettings().deviceId;
  return { stream, video, audio, errors, cameras: listCameras(all), cameraId: activeCamera ?? cameraId, devices };
}
