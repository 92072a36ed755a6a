import { signal } from '@preact/signals-react';

/** The label of the camera the page's own checks have open now (set by camera-runtime), or null. */
export const pageCameraInUse = signal<string | null>(null);
