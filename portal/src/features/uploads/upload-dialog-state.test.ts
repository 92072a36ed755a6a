import { describe, expect, it } from 'vitest';
import { nextUploadState, UPLOAD_STATE } from './upload-dialog-state';

const { idle, camera, preview, uploading } = UPLOAD_STATE;

describe('the upload dialog states (0 idle, 1 camera, 2 preview, -1 uploading)', () => {
  it('uses the spec numbers', () => {
    expect([idle, camera, preview, uploading]).toEqual([0, 1, 2, -1]);
  });

  it('goes camera -> preview -> uploading -> idle for a snapshot', () => {
    expect(nextUploadState(idle, 'open-camera')).toBe(camera);
    expect(nextUploadState(camera, 'captured')).toBe(preview);
    expect(nextUploadState(preview, 'upload')).toBe(uploading);
    expect(nextUploadState(uploading, 'done')).toBe(idle);
  });

  it('goes straight to the preview when files are chosen', () => {
    expect(nextUploadState(idle, 'chose-files')).toBe(preview);
  });

  it('keeps the files after a failed upload: back to the preview, not to idle', () => {
    expect(nextUploadState(uploading, 'failed')).toBe(preview);
  });

  it('retakes with the camera if the preview came from it, else goes back to choosing', () => {
    expect(nextUploadState(preview, 'retake', true)).toBe(camera);
    expect(nextUploadState(preview, 'retake', false)).toBe(idle);
  });

  it('ignores moves that make no sense: no going back or uploading twice while uploading', () => {
    expect(nextUploadState(uploading, 'back')).toBe(uploading);
    expect(nextUploadState(uploading, 'upload')).toBe(uploading);
    expect(nextUploadState(idle, 'upload')).toBe(idle);
    expect(nextUploadState(camera, 'upload')).toBe(camera);
  });
});
