import { cameraSettings } from '@invigil/shared/proctor/camera-policy';
import type { ProctorContext, ProctorModule } from './proctor-module';
import { setProctorStatus } from './proctor-status';

/**
 * The camera (decision 0015): the face check (DETECT_MULTIFACE, with snapshots as evidence under
 * IMAGE_CAPTURE), the identity check on its looks (DETECT_FACE_MISMATCH) and image proctoring (IMAGE_PROCTOR every IMAGE_PROCTOR_INTERVAL seconds). Tests
 * that ask for neither never load the camera code; those that do load it here, and the face model
 * in its own worker.
 */
export const cameraModule: ProctorModule = {
  name: 'camera',
  async start(ctx: ProctorContext) {
    const settings = cameraSettings(ctx.config);
    if (!settings.enabled) return () => {};
    const { startCamera } = await import('./camera-runtime');
    // The paired extension's offscreen document runs the face check when it can (decision 0016);
    // the identity check keeps it in the page, where the profile photo is (decision 0043).
    if (!settings.face.enabled || settings.identity.enabled) return startCamera(ctx, settings);
    const { handOver } = await import('./media-handover');
    return handOver(
      'camera',
      (byExtension) => {
        if (!byExtension) return startCamera(ctx, settings);
        // Image proctoring stays with the page's own camera.
        if (settings.imageProctor.enabled) return startCamera(ctx, { ...settings, face: { ...settings.face, enabled: false } });
        setProctorStatus('camera', 'Camera: face check on (in the extension)');
        return () => setProctorStatus('camera', null);
      },
      ctx.win,
    );
  },
};
