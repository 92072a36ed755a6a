import { SNAPSHOT_WEBP_QUALITY, SNAPSHOT_WIDTH } from '../../api/proctor-kinds';

/**
 * A proctor snapshot of the camera's current frame (spec section 9: scaled to width 640, WebP at
 * quality 0.7). The frame is drawn on an OffscreenCanvas and encoded by the browser off the main
 * thread; a browser that cannot write WebP gives PNG, which the server takes too. null when the
 * video has no frame yet.
 */
export async function cameraSnapshot(video: HTMLVideoElement): Promise<Blob | null> {
  const { videoWidth, videoHeight } = video;
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !videoWidth || !videoHeight) return null;
  const width = SNAPSHOT_WIDTH;
  const height = Math.round((width * videoHeight) / videoWidth);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/webp', quality: SNAPSHOT_WEBP_QUALITY });
}
