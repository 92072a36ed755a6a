import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { UploadExtension } from '@invigil/shared/api/uploads';
import type { StudyUploadExtension } from '@invigil/shared/api/study-messages';
import { createEmbeddedBlobStore } from './blob-store';
import type { BlobStore } from './blob-store';

/** Where signed upload and download URLs point (outside /api: the API's small body limit does not apply). */
export const UPLOAD_PUT_PREFIX = '/blobs/upload';
export const UPLOAD_GET_PREFIX = '/blobs/u';

/** A signed PUT URL lasts this long: enough for a slow connection to start the upload. */
export const PUT_URL_TTL_SECONDS = 15 * 60;
/**
 * Download URLs last at least this long. They expire at the end of a fixed window rather than
 * a fixed time after each reply, so every reply in a window gives the same URL and the browser
 * keeps its cached image.
 */
export const GET_URL_WINDOW_SECONDS = 6 * 3600;

const FILE_KEY = /^([a-z0-9]{8,64})\.(png|jpg|jpeg|wav|pdf)$/;
/**
 * Any file the store holds: answer uploads, proctor snapshots (also WebP), and students' files for
 * assignments (also spreadsheets, video and audio: shared/src/api/study-messages.ts).
 */
const STORED_KEY = /^([a-z0-9]{8,64})\.(png|jpg|jpeg|wav|pdf|webp|xlsx|xls|mp4|webm|mp3|m4a|ogg)$/;

/** What the store can hold: the answer-upload types, WebP for proctor snapshots (spec section 9), and the assignment types. */
export type StoredExtension = UploadExtension | 'webp' | StudyUploadExtension;

/** The upload id and extension of a file name the server gave out for an answer upload, or null. */
export function parseFileKey(key: string): { id: string; ext: UploadExtension } | null {
  const match = FILE_KEY.exec(key);
  return match ? { id: match[1] as string, ext: match[2] as UploadExtension } : null;
}

/** Like `parseFileKey`, for any file of the store (proctor snapshots too). */
export function parseStoredFileKey(key: string): { id: string; ext: StoredExtension } | null {
  const match = STORED_KEY.exec(key);
  return match ? { id: match[1] as string, ext: match[2] as StoredExtension } : null;
}

/** The image type of a file's first bytes (at least 12), or null when it is none of these. */
export function imageTypeOf(head: Buffer): 'webp' | 'png' | 'jpg' | null {
  if (looksLike('webp', head)) return 'webp';
  if (looksLike('png', head)) return 'png';
  if (looksLike('jpg', head)) return 'jpg';
  return null;
}

/** Checks the first bytes: a file is what its extension says, not just what its sender claims. */
export function looksLike(ext: StoredExtension, head: Buffer): boolean {
  switch (ext) {
    case 'webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpg':
    case 'jpeg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'wav':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WAVE';
    // Assignment files: an .xlsx is a zip, an .xls an OLE compound file; MP4 and M4A start with
    // an ftyp box, WebM with the EBML magic; MP3 with an ID3 tag or a frame sync.
    case 'xlsx':
      return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    case 'xls':
      return head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    case 'mp4':
    case 'm4a':
      return head.subarray(4, 8).toString('latin1') === 'ftyp';
    case 'webm':
      return head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    case 'mp3':
      return head.subarray(0, 3).toString('latin1') === 'ID3' || (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
    case 'ogg':
      return head.subarray(0, 4).toString('latin1') === 'OggS';
  }
}

/** A body over its size limit (the store's own error, under the name the services know). */
export { BlobTooLargeError as UploadTooLargeError } from './blob-store';

/** What a browser's PUT left under a file name, checked as the PUT handler checks what it receives. */
export type StoredCheck = { status: 'ok'; size: number } | { status: 'missing' } | { status: 'too_large' } | { status: 'wrong_type' };

/**
 * Students' uploads: signed PUT URLs, signed GET URLs, and the checks on what is stored. On the
 * embedded store the server signs its URLs with an HMAC and receives the PUT itself; on S3 the
 * PUT URL is S3's presigned one and the GET URL (still this server's, HMAC-signed) redirects to a
 * presigned GET (decision 0036). Either way nobody can guess another student's file.
 */
export interface UploadStore {
  readonly kind: BlobStore['kind'];
  /**
   * Where the browser PUTs `fileKey` with `contentType`. `prefix`: the embedded store's PUT handler
   * (answer uploads by default). `publicRead`: the PUT carries x-amz-acl: public-read (query attachments).
   */
  putUrl(fileKey: string, contentType: string, nowMs: number, prefix?: string, options?: { publicRead?: boolean }): Promise<string>;
  /** This server's signed GET URL of a stored file (the same URL for a whole window). */
  getUrl(fileKey: string, nowMs: number): string;
  /** True when a PUT or GET to `fileKey` carries a valid, unexpired signature of this server. */
  verify(method: 'PUT' | 'GET', fileKey: string, query: { e?: string | undefined; s?: string | undefined }, nowMs: number, contentType?: string): boolean;
  /** Streams a body into the store (at most `maxBytes`, UploadTooLargeError), keeping it only when its first bytes are `ext`. */
  write(fileKey: string, ext: StoredExtension, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ size: number; typeOk: boolean }>;
  /**
   * Checks what is stored under `fileKey` (after a browser's PUT straight to S3 the server has not
   * seen the bytes): its size and first bytes. An object that fails is deleted.
   */
  check(fileKey: string, ext: StoredExtension, maxBytes: number): Promise<StoredCheck>;
  remove(fileKey: string): Promise<void>;
  /** Sends a stored file to a browser that GETs its signed URL, or undefined when there is none. */
  serve(c: Context, fileKey: string): Promise<Response | undefined>;
}

const CONTENT_TYPE_OF: Record<StoredExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  webp: 'image/webp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
};

/** The area of the blob store students' files live in. */
const UPLOADS = 'uploads';

/**
 * The upload store on a blob store (a BLOB_DIR path: the embedded one). The URLs' HMAC key comes
 * from the server secret, so every server process signs and verifies alike.
 */
export function createUploadStore(blobs: BlobStore | string, secret: string): UploadStore {
  const store = typeof blobs === 'string' ? createEmbeddedBlobStore(blobs) : blobs;
  const key = createHmac('sha256', secret).update('invigil-upload-urls').digest();

  const signature = (parts: readonly (string | number)[]): string => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

  const signatureMatches = (expected: string, given: string | undefined): boolean => {
    if (!given) return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const blobKey = (fileKey: string): string => {
    // Every caller names files by their fixed patterns; anything else never reaches the store.
    if (!parseStoredFileKey(fileKey)) throw new Error(`Not a stored file name: ${fileKey}`);
    return `${UPLOADS}/${fileKey}`;
  };

  return {
    kind: store.kind,

    async putUrl(fileKey, contentType, nowMs, prefix = UPLOAD_PUT_PREFIX, options = {}) {
      const presigned = store.presignPut(blobKey(fileKey), contentType, PUT_URL_TTL_SECONDS, options);
      if (presigned) return presigned;
      const expires = Math.floor(nowMs / 1000) + PUT_URL_TTL_SECONDS;
      return `${prefix}/${fileKey}?e=${expires}&s=${signature(['PUT', fileKey, expires, contentType])}`;
    },

    getUrl(fileKey, nowMs) {
      const nowSeconds = Math.floor(nowMs / 1000);
      const expires = (Math.floor(nowSeconds / GET_URL_WINDOW_SECONDS) + 2) * GET_URL_WINDOW_SECONDS;
      return `${UPLOAD_GET_PREFIX}/${fileKey}?e=${expires}&s=${signature(['GET', fileKey, expires])}`;
    },

    verify(method, fileKey, query, nowMs, contentType = '') {
      const expires = Number(query.e);
      if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
      const parts = method === 'PUT' ? ['PUT', fileKey, expires, contentType] : ['GET', fileKey, expires];
      return signatureMatches(signature(parts), query.s);
    },

    write(fileKey, ext, body, maxBytes) {
      return store.write(blobKey(fileKey), body, { maxBytes, contentType: CONTENT_TYPE_OF[ext], accept: (head) => looksLike(ext, head) });
    },

    async check(fileKey, ext, maxBytes) {
      const key = blobKey(fileKey);
      const size = await store.size(key);
      if (size === undefined) return { status: 'missing' };
      if (size > maxBytes) {
        await store.remove(key);
        return { status: 'too_large' };
      }
      const head = size > 0 ? await store.readHead(key, 16) : Buffer.alloc(0);
      if (head === undefined) return { status: 'missing' };
      if (size === 0 || !looksLike(ext, head)) {
        await store.remove(key);
        return { status: 'wrong_type' };
      }
      return { status: 'ok', size };
    },

    async remove(fileKey) {
      await store.remove(blobKey(fileKey));
    },

    // The URL changes when its signature window does; the bytes of a file never change.
    serve: (c, fileKey) => store.serve(c, blobKey(fileKey), { cacheControl: 'private, max-age=3600, immutable' }),
  };
}
