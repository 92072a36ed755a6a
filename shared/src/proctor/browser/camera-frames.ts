import type { FrameSource } from '../face-count';

/** The width the face check looks at (spec section 9: camera 640x480, images scaled to width 640). */
export const FRAME_WIDTH = 640;

/**
 * Frames from a playing <video> of the camera, as ImageBitmaps scaled to width 640 (cheap on the
 * main thread: the bitmap is handed to the worker, which reads its pixels). null until the video
 * has a frame.
 */
export function videoFrameSource(video: HTMLVideoElement): FrameSource {
  return {
    async grab() {
      const { videoWidth, videoHeight } = video;
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !videoWidth || !videoHeight) return null;
      if (videoWidth === FRAME_WIDTH) return createImageBitmap(video);
      return createImageBitmap(video, { resizeWidth: FRAME_WIDTH, resizeHeight: Math.round((FRAME_WIDTH * videoHeight) / videoWidth), resizeQuality: 'medium' });
    },
  };
}
