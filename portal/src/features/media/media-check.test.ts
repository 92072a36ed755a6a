import { describe, expect, it } from 'vitest';
import { listCameras, MEDIA_MESSAGES, mediaErrorMessage, messageAfterColon, openMedia, outcomeMessages, signalLevel } from './media-check';

describe('media check messages', () => {
  it('asks for permission when the browser refused it', () => {
    expect(mediaErrorMessage(new DOMException('Permission denied', 'NotAllowedError'))).toBe(MEDIA_MESSAGES.permissionDenied);
    expect(mediaErrorMessage(new DOMException('Permission denied', 'NotAllowedError'), 'audio')).toBe(MEDIA_MESSAGES.permissionDenied);
  });
  it('says which device is missing', () => {
    expect(mediaErrorMessage(new DOMException('Requested device not found', 'NotFoundError'))).toBe('Video is not working');
    expect(mediaErrorMessage(new DOMException('Requested device not found', 'NotFoundError'), 'audio')).toBe('Audio is not working.');
  });
  it('shows the text after the first colon of other errors', () => {
    expect(messageAfterColon('NotReadableError: Could not start video source')).toBe('Could not start video source');
    expect(messageAfterColon('no colon here')).toBe('no colon here');
    expect(mediaErrorMessage(new Error('AbortError: Timeout starting video source'))).toBe('Timeout starting video source');
  });
  it('shows every message that applies, once', () => {
    expect(outcomeMessages({ video: true, audio: true })).toEqual([]);
    expect(outcomeMessages({ video: 'Video is not working', audio: 'Audio is not working.' })).toEqual(['Video is not working', 'Audio is not working.']);
    expect(outcomeMessages({ video: true, audio: 'Audio is not working.' })).toEqual(['Audio is not working.']);
    const refused = MEDIA_MESSAGES.permissionDenied;
    expect(outcomeMessages({ video: refused, audio: refused })).toEqual([refused]);
  });
  it('measures the level of a sample frame', () => {
    expect(signalLevel(new Uint8Array([128, 128, 128]))).toBe(0);
    expect(signalLevel(new Uint8Array([120, 140, 128]))).toBe(12);
  });
});

describe('camera list', () => {
  const camera = (deviceId: string, label: string, groupId = `group-${deviceId}`) => ({ kind: 'videoinput' as const, deviceId, label, groupId });

  it('lists one fake camera once, with no second "default" entry for it', () => {
    const devices = [camera('fake0', 'fake_device_0'), { kind: 'audioinput' as const, deviceId: 'default', label: 'Default', groupId: 'mic' }];
    expect(listCameras(devices)).toEqual([{ deviceId: 'fake0', label: 'fake_device_0' }]);
  });
  it('drops a "default" stand-in for a camera listed under its own id, and repeated ids', () => {
    const devices = [camera('default', 'Default - HD Webcam', 'g1'), camera('cam1', 'HD Webcam', 'g1'), camera('cam1', 'HD Webcam', 'g1'), camera('cam2', 'USB Camera')];
    expect(listCameras(devices).map((each) => each.label)).toEqual(['HD Webcam', 'USB Camera']);
  });
  it('skips entries the browser hides the id of, and names unlabelled cameras by their place', () => {
    expect(listCameras([camera('', ''), camera('a', ''), camera('b', '')])).toEqual([
      { deviceId: 'a', label: 'Camera 1' },
      { deviceId: 'b', label: 'Camera 2' },
    ]);
  });
});

describe('opening the camera and microphone', () => {
  const fakeStream = (kinds: string[]) => ({ kinds }) as unknown as MediaStream;
  const notFound = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));

  it('asks once when both are there', async () => {
    const asked: MediaStreamConstraints[] = [];
    const result = await openMedia((constraints) => (asked.push(constraints), Promise.resolve(fakeStream(['video', 'audio']))), {});
    expect(asked).toHaveLength(1);
    expect(result.failures).toEqual({});
  });
  it('with no devices at all, both messages apply', async () => {
    const result = await openMedia(notFound, {});
    expect(result.streams).toEqual([]);
    expect(outcomeMessages({ video: result.failures.video ?? true, audio: result.failures.audio ?? true })).toEqual(['Video is not working', 'Audio is not working.']);
  });
  it('without a camera the microphone still works', async () => {
    const result = await openMedia((constraints) => (constraints.video ? notFound() : Promise.resolve(fakeStream(['audio']))), {});
    expect(result.streams).toHaveLength(1);
    expect(result.failures).toEqual({ video: 'Video is not working' });
  });
  it('a refusal is not asked again', async () => {
    let asked = 0;
    const result = await openMedia(() => (asked++, Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))), {});
    expect(asked).toBe(1);
    expect(result.failures).toEqual({ video: MEDIA_MESSAGES.permissionDenied, audio: MEDIA_MESSAGES.permissionDenied });
  });
});
