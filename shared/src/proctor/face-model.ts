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
  /** The detector's own score for the box, when the model reports it apart (BlazeFace). */
  detectorScore?: number;
  /** The face mesh's score for the box, when the model runs the mesh and reports it apart. */
  meshScore?: number;
  /** The face's descriptor (Human's face description model), when the detect asked for one. */
  descriptor?: number[];
}

export interface DetectOptions {
  /** Also describe each face (the identity check): slower, so only when a check needs it. */
  describe?: boolean;
}

export interface FaceModel {
  /** Which model and setting, e.g. 'human-blazeface'; shown in diagnostics. */
  readonly name: string;
  /** Faces in the frame, best first. Boxes below the model's own floor are already dropped. */
  detect(frame: Frame, options?: DetectOptions): Promise<FaceBox[]>;
  dispose(): void;
}

export interface FaceCountOptions {
  /** Faces scoring below this are not counted (faces without a mesh score of their own). */
  minScore: number;
  /** Faces whose box is narrower than this many pixels are not counted (a face far behind on a poster). */
  minSizePx: number;
  /**
   * For faces with a detector and a mesh score apart (decision 0038): a box counts when its
   * detector score is at least `minDetectorScore` and the mesh confirms it with `minMeshScore`, or
   * when the detector is sure (`strongDetectorScore`) and the mesh gives at least `strongMinMeshScore`
   * (a hand over the mouth spoils the mesh, not the detector).
   */
  mesh?: { minDetectorScore: number; minMeshScore: number; strongDetectorScore: number; strongMinMeshScore: number };
  /**
   * Boxes covering this share of a counted box's area, or of their own, are the same face seen
   * twice (the mesh refines each box, so BlazeFace's own overlap filter does not catch them).
   */
  maxOverlap?: number;
  /**
   * Merge by `maxOverlap` only boxes whose detector score is under this: a box BlazeFace is sure of
   * is a face of its own even inside another's box (a person right behind the student), while the
   * unsure ones the mesh confirms there are the same face again (its hair or forehead, decision 0038).
   */
  mergeBelowDetectorScore?: number;
}

/** The share of the smaller box that lies inside the other. */
export function overlapOfSmaller(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1e-9, Math.min(a.width * a.height, b.width * b.height));
}

/** Whether one box is a face by the options' rule (scores and size; no overlap). */
export function isCountedFace(face: FaceBox, options: FaceCountOptions): boolean {
  if (Math.min(face.width, face.height) < options.minSizePx) return false;
  const { mesh } = options;
  if (!mesh || face.detectorScore === undefined || face.meshScore === undefined) return face.score >= options.minScore;
  return (
    (face.detectorScore >= mesh.minDetectorScore && face.meshScore >= mesh.minMeshScore) ||
    (face.detectorScore >= mesh.strongDetectorScore && face.meshScore >= mesh.strongMinMeshScore)
  );
}

/**
 * The faces that count: those the rule accepts, best first, each box that overlaps an already
 * counted one by more than `maxOverlap` of the smaller box dropped as the same face.
 */
export function countedFaces(faces: readonly FaceBox[], options: FaceCountOptions): FaceBox[] {
  const rank = (f: FaceBox) => f.detectorScore ?? f.score;
  const counted: FaceBox[] = [];
  for (const face of [...faces].filter((f) => isCountedFace(f, options)).sort((a, b) => rank(b) - rank(a))) {
    const mergeable = options.mergeBelowDetectorScore === undefined || rank(face) < options.mergeBelowDetectorScore;
    if (options.maxOverlap !== undefined && mergeable && counted.some((c) => overlapOfSmaller(c, face) > options.maxOverlap!)) continue;
    counted.push(face);
  }
  return counted;
}

/** How many faces count (countedFaces). */
export function countFaces(faces: readonly FaceBox[], options: FaceCountOptions): number {
  return countedFaces(faces, options).length;
}

export function isFramePixels(frame: Frame): frame is FramePixels {
  return 'data' in frame;
}
