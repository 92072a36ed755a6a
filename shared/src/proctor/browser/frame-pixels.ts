import { type Frame, type FramePixels, isFramePixels } from '../face-model';

let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

/**
 * The RGBA pixels of a frame. A bitmap is drawn on one reused OffscreenCanvas (workers and the
 * offscreen document have it) and then closed: the caller hands the frame over.
 */
export function framePixels(frame: Frame): FramePixels {
  if (isFramePixels(frame)) return frame;
  const bitmap = frame as unknown as ImageBitmap;
  const { width, height } = bitmap;
  if (!canvas || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (!context) throw new Error('No 2D canvas to read the camera frame');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, width, height);
}
