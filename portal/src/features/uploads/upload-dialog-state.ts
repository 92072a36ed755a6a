/** Spec section 4: the upload dialog's states. */
export const UPLOAD_STATE = { idle: 0, camera: 1, preview: 2, uploading: -1 } as const;
export type UploadDialogState = (typeof UPLOAD_STATE)[keyof typeof UPLOAD_STATE];

export type UploadDialogEvent =
  | 'open-camera'
  | 'captured'
  | 'chose-files'
  | 'retake'
  | 'back'
  | 'upload'
  | 'failed'
  | 'done';

/**
 * The dialog's moves: idle -> camera -> preview -> uploading, or idle -> preview when files are
 * chosen. A failed upload returns to the preview with the files kept, so nothing is lost; a
 * finished one returns to idle. Anything else leaves the state as it is (no upload can be started
 * twice, and the dialog cannot go back while uploading).
 */
export function nextUploadState(state: UploadDialogState, event: UploadDialogEvent, fromCamera = false): UploadDialogState {
  switch (state) {
    case UPLOAD_STATE.idle:
      if (event === 'open-camera') return UPLOAD_STATE.camera;
      if (event === 'chose-files') return UPLOAD_STATE.preview;
      return state;
    case UPLOAD_STATE.camera:
      if (event === 'captured') return UPLOAD_STATE.preview;
      if (event === 'back') return UPLOAD_STATE.idle;
      return state;
    case UPLOAD_STATE.preview:
      if (event === 'upload') return UPLOAD_STATE.uploading;
      if (event === 'retake') return fromCamera ? UPLOAD_STATE.camera : UPLOAD_STATE.idle;
      if (event === 'back') return UPLOAD_STATE.idle;
      return state;
    case UPLOAD_STATE.uploading:
      if (event === 'failed') return UPLOAD_STATE.preview;
      if (event === 'done') return UPLOAD_STATE.idle;
      return state;
  }
}
