import { createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { UploadExtension } from '@invigil/shared/api/uploads';
import type { StudyUploadExtension } from '@invigil/shared/api/study-messages';

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

export class UploadTooLargeError extends Error {}

/**
 * The embedded blob store for students' uploads: files under BLOB_DIR/uploads, reached only by
 * URLs this server signs with an HMAC (as S3 presigns in production), so the browser can PUT and
 * GET them without the access token, and nobody can guess another student's file.
 */
export function createUploadStore(blobDir: string, secret: string) {
  const root = resolve(join(blobDir, 'uploads'));
  const key = createHmac('sha256', secret).update('invigil-upload-urls').digest();

  const signature = (parts: readonly (string | number)[]): string => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

  const signatureMatches = (expected: string, given: string | undefined): boolean => {
    if (!given) return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const pathOf = (fileKey: string): string => join(root, fileKey);

  return {
    root,
    pathOf,

    /** `prefix`: where the PUT goes (answer uploads by default; assignment files have their own handler). */
    putUrl(fileKey: string, contentType: string, nowMs: number, prefix: string = UPLOAD_PUT_PREFIX): string {
      const expires = Math.floor(nowMs / 1000) + PUT_URL_TTL_SECONDS;
      return `${prefix}/${fileKey}?e=${expires}&s=${signature(['PUT', fileKey, expires, contentType])}`;
    },

    getUrl(fileKey: string, nowMs: number): string {
      const nowSeconds = Math.floor(nowMs / 1000);
      const expires = (Math.floor(nowSeconds / GET_URL_WINDOW_SECONDS) + 2) * GET_URL_WINDOW_SECONDS;
      return `${UPLOAD_GET_PREFIX}/${fileKey}?e=${expires}&s=${signature(['GET', fileKey, expires])}`;
    },

    /** True when a PUT or GET to `fileKey` carries a valid, unexpired signature. */
    verify(method: 'PUT' | 'GET', fileKey: string, query: { e?: string; s?: string }, nowMs: number, contentType = ''): boolean {
      const expires = Number(query.e);
      if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
      const parts = method === 'PUT' ? ['PUT', fileKey, expires, contentType] : ['GET', fileKey, expires];
      return signatureMatches(signature(parts), query.s);
    },

    /**
     * Streams a body into the store, refusing more than `maxBytes`, and checks its first bytes
     * for `ext`. Written to a temporary name and renamed, so a file is either whole or absent.
     */
    async write(fileKey: string, ext: StoredExtension, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ size: number; typeOk: boolean }> {
      await mkdir(root, { recursive: true });
      const target = pathOf(fileKey);
      const temporary = `${target}.part-${process.pid}-${Date.now()}`;
      const out = createWriteStream(temporary, { flags: 'wx' });
      let size = 0;
      let head = Buffer.alloc(0);
      try {
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new UploadTooLargeError();
          if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16 - head.length))]);
          if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', done));
        }
        await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
      } catch (error) {
        out.destroy();
        await rm(temporary, { force: true });
        throw error;
      }
      const typeOk = size > 0 && looksLike(ext, head);
      if (!typeOk) {
        await rm(temporary, { force: true });
        return { size, typeOk };
      }
      await rename(temporary, target);
      return { size, typeOk };
    },

    async exists(fileKey: string): Promise<boolean> {
      try {
        return (await stat(pathOf(fileKey))).isFile();
      } catch {
        return false;
      }
    },

    async remove(fileKey: string): Promise<void> {
      await rm(pathOf(fileKey), { force: true });
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
