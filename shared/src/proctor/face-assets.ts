/**
 * The files the face check loads at run time, and the npm package each comes from. The portal's and
 * the extension's builds copy them from node_modules into their output under one folder (the
 * `assetBase` the model loader gets), so they are served by us: never by a CDN.
 */
export interface FaceAsset {
  /** The npm package that ships the file. */
  package: string;
  /** The file inside the package. */
  file: string;
  /** Where it is served, relative to the asset base. */
  path: string;
}

/** tfjs's wasm backend: the plain and the SIMD build (the threaded build is never used). */
export const FACE_WASM_ASSETS: readonly FaceAsset[] = [
  { package: '@tensorflow/tfjs-backend-wasm', file: 'dist/tfjs-backend-wasm.wasm', path: 'wasm/tfjs-backend-wasm.wasm' },
  { package: '@tensorflow/tfjs-backend-wasm', file: 'dist/tfjs-backend-wasm-simd.wasm', path: 'wasm/tfjs-backend-wasm-simd.wasm' },
];

/** @vladmandic/human's BlazeFace (about 540 KB). */
export const HUMAN_BLAZEFACE_ASSETS: readonly FaceAsset[] = [
  { package: '@vladmandic/human', file: 'models/blazeface.json', path: 'human/blazeface.json' },
  { package: '@vladmandic/human', file: 'models/blazeface.bin', path: 'human/blazeface.bin' },
];

/** @vladmandic/human's face mesh (about 1.6 MB), which confirms BlazeFace's boxes (decision 0009). */
export const HUMAN_FACEMESH_ASSETS: readonly FaceAsset[] = [
  { package: '@vladmandic/human', file: 'models/facemesh.json', path: 'human/facemesh.json' },
  { package: '@vladmandic/human', file: 'models/facemesh.bin', path: 'human/facemesh.bin' },
];

/**
 * @vladmandic/human's face description model (about 7 MB), for the identity check (decision 0043).
 * Only the portal ships it, and a page downloads it only for a test that asks for the check.
 */
export const HUMAN_FACERES_ASSETS: readonly FaceAsset[] = [
  { package: '@vladmandic/human', file: 'models/faceres.json', path: 'human/faceres.json' },
  { package: '@vladmandic/human', file: 'models/faceres.bin', path: 'human/faceres.bin' },
];

/** Everything the face check loads: what the extension's build copies. */
export const FACE_ASSETS: readonly FaceAsset[] = [...FACE_WASM_ASSETS, ...HUMAN_BLAZEFACE_ASSETS, ...HUMAN_FACEMESH_ASSETS];

/** The face check and the identity check: what the portal's build copies. */
export const PORTAL_FACE_ASSETS: readonly FaceAsset[] = [...FACE_ASSETS, ...HUMAN_FACERES_ASSETS];

/**
 * The tfjs version the wasm files must match: @vladmandic/human bundles tfjs's JavaScript, the wasm
 * binaries come from @tensorflow/tfjs-backend-wasm, and the two are pinned together in
 * shared/package.json. The build that copies the assets checks both packages against this.
 */
export const FACE_TFJS_VERSION = '4.22.0';
