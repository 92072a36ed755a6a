import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, mediaErrorMessage, messageAfterColon, signalLevel } from './media-check';

describe('media check messages', () => {
  it('asks for permission when the browser refused it', () => {
    expect(mediaErrorMessage(new DOMException('Permission denied', 'NotAllowedError'))).toBe(MEDIA_MESSAGES.permissionDenied);
  });
  it('shows the text after the first colon of other errors', () => {
    expect(messageAfterColon('NotReadableError: Could not start video source')).toBe('Could not start video source');
    expect(messageAfterColon('no colon here')).toBe('no colon here');
    expect(mediaErrorMessage(new Error('AbortError: Timeout starting video source'))).toBe('Timeout starting video source');
  });
  it('measures the level of a sample frame', () => {
    expect(signalLevel(new Uint8Array([128, 128, 128]))).toBe(0);
    expect(signalLevel(new Uint8Array([120, 140, 128]))).toBe(12);
  });
});
