import { IMAGE_COMPRESSION } from '@invigil/shared/api/upload-types';

/** The size that fits within max width and height, keeping the aspect ratio, never enlarged. */
export function fitWithin(width: number, height: number, maxWidth: number = IMAGE_COMPRESSION.maxWidth, maxHeight: number = IMAGE_COMPRESSION.maxHeight): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  // A portrait page photo is fitted in the portrait box (720x1080), not squeezed into a landscape one.
  const [boxWidth, boxHeight] = height > width ? [Math.min(maxWidth, maxHeight), Math.max(maxWidth, maxHeight)] : [maxWidth, maxHeight];
  const scale = Math.min(1, boxWidth / width, boxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), 'image/jpeg', IMAGE_COMPRESSION.quality);
  });
}

/** Draws a source (a video frame, a decoded image) at its fitted size and encodes it as JPEG 0.8. */
export function encodeJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const size = fitWithin(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('The image could not be prepared.'));
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvasToJpeg(canvas);
}

/** A chosen image file, compressed for upload (spec: quality 0.8 within 1080x720). */
export async function compressImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await encodeJpeg(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The current frame of a playing camera preview, as a compressed JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  return encodeJpeg(video, video.videoWidth, video.videoHeight);
}
