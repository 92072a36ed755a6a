import { signal } from '@preact/signals-react';

/**
 * Bumped by the proctor's RELOAD_IMAGE, RELOAD_VIDEO and SELECT_WEBCAM: the page's proctoring
 * (camera, detectors) starts again, with the camera the device store names now.
 */
export const proctorRestarts = signal(0);
