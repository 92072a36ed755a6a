import { cameraSettings } from '@invigil/shared/proctor/camera-policy';
import type { ProctorContext, ProctorModule } from './proctor-module';

/**
 * The camera (decision 0015): the face check (DETECT_MULTIFACE, with snapshots as evidence under
 * IMAGE_CAPTURE) and image proctoring (IMAGE_PROCTOR every IMAGE_PROCTOR_INTERVAL seconds). Tests
 * that ask for neither never load the camera code; those that do load it here, and the face model
 * in its own worker.
 */
export const cameraModule: ProctorModule = {
  name: 'camera',
  async start(ctx: ProctorContext) {
    const settings = cameraSettings(ctx.config);
    if (!settings.enabled) return () => {};
    const { startCamera } = await import('./camera-runtime');
    return startCamera(ctx, settings);
  },
};
