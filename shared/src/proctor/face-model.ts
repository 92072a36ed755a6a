/**
 * The model-running part of the face check, kept behind a small interface so it can run off the
 * main thread (a Web Worker in the portal, the extension's offscreen document) and be swapped or
 * faked in tests. A FaceModel takes one camera frame and returns the faces it found.
 */

/** RGBA pixels of one frame: an ImageData, or anything shaped like one. */
export interface FramePixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** An ImageBitmap-like frame (transferable to a worker). */
export interface FrameBitmap {
  readonly width: number;
  readonly height: number;
  close(): void;
}

export type Frame = FramePixels | FrameBitmap;

/** One face: a box in the frame's pixels and the model's confidence, 0..1. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface FaceModel {
  /** Which model and setting, e.g. 'human-blazeface'; shown in diagnostics. */
  readonly name: string;
  /** Faces in the frame, best first. Boxes below the model's own floor are already dropped. */
  detect(frame: Frame): Promise<FaceBox[]>;
  dispose(): void;
}

export interface FaceCountOptions {
  /** Faces scoring below this are not counted. */
  minScore: number;
  /** Faces whose box is narrower than this many pixels are not counted (a face far behind on a poster). */
  minSizePx: number;
}

/** How many faces count: those at or above the score and size floors. */
export function countFaces(faces: readonly FaceBox[], options: FaceCountOptions): number {
  return faces.filter((face) => face.score >= options.minScore && Math.min(face.width, face.height) >= options.minSizePx).length;
}

export function isFramePixels(frame: Frame): frame is FramePixels {
  return 'data' in frame;
}
