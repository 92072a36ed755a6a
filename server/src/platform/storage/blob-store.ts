import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Context } from 'hono';
import type { S3Config } from '../config';
import { safePathSegments } from '../lib/url-path';
import { fileStats, serveFile } from '../http/portal-routes';

/**
 * The store behind every file the server keeps for browsers: students' uploads (`uploads/`),
 * what an import or the seed publishes (`public/`) and delivered certificates (`certificates/`).
 * Keys are `area/name` and are checked by the callers (fixed patterns, or `safeBlobKey`).
 * Two kinds: the embedded one (files under BLOB_DIR, the default) and S3 (decision 0036).
 */
export interface BlobStore {
  readonly kind: 'embedded' | 's3';
  /** The origin browsers PUT to and GET from when it is not this server (the portal's CSP lets it in). */
  readonly browserOrigin: string | undefined;
  /** S3 only: a presigned PUT of `key` with this Content-Type (and x-amz-acl when `publicRead`); undefined: the embedded store, whose URLs the server signs itself. */
  presignPut(key: string, contentType: string, expiresSeconds: number, options?: { publicRead?: boolean }): Promise<string> | undefined;
  /**
   * Stores a body from this server, refusing more than `maxBytes` (BlobTooLargeError) and storing
   * nothing when `accept` refuses its first 16 bytes. A stored object is whole or absent.
   */
  write(key: string, body: AsyncIterable<Uint8Array>, options: { maxBytes: number; contentType: string; accept: (head: Buffer) => boolean }): Promise<{ size: number; typeOk: boolean }>;
  /** Stores bytes as they are (the seed's and an import's files). */
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The size of a stored object, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** The first `length` bytes of a stored object (fewer if it is shorter), or undefined when there is none. */
  readHead(key: string, length: number): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /**
   * A GET of a stored object for a browser: the embedded store sends the bytes (undefined when
   * there is no such file); S3 redirects to a presigned GET, so the bytes never pass this server.
   */
  serve(c: Context, key: string, options: { cacheControl: string; downloadName?: string }): Promise<Response | undefined>;
  /** Checks the store can be used (S3: the bucket is there, else it is created with its CORS rule). */
  ensureReady(): Promise<void>;
}

export class BlobTooLargeError extends Error {}

/** The types the seed and imports publish, by extension (S3 keeps an object's type; the embedded store derives it when serving). */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  wav: 'audio/wav',
};

export function contentTypeOfName(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** `area/path` for a URL path inside an area, or undefined when it is malformed or would leave the area. */
export function safeBlobKey(area: string, urlPath: string): string | undefined {
  const segments = safePathSegments(urlPath);
  return segments && segments.length > 0 ? [area, ...segments].join('/') : undefined;
}

/** The embedded store: files under BLOB_DIR (uploads/, public/, certificates/), as before S3 existed. */
export function createEmbeddedBlobStore(blobDir: string): BlobStore {
  const root = resolve(blobDir);
  const pathOf = (key: string): string => {
    const path = resolve(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new Error(`Blob key outside the store: ${key}`);
    return path;
  };

  return {
    kind: 'embedded',
    browserOrigin: undefined,
    presignPut: () => undefined,

    async write(key, body, { maxBytes, accept }) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Random, not the time: two writes of one key in the same millisecond (a double PUT of one
      // signed URL) opened the same temporary file, and the stream's unhandled error ended the process.
      const temporary = `${target}.part-${process.pid}-${randomBytes(8).toString('hex')}`;
      let size = 0;
      let head = Buffer.alloc(0);
      const out = createWriteStream(temporary, { flags: 'wx' });
      try {
        // pipeline: an error of the file stream (or of the body) rejects here, never goes unhandled.
        await pipeline(
          body,
          async function* (source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              size += chunk.byteLength;
              if (size > maxBytes) throw new BlobTooLargeError();
              if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 16 - head.length))]);
              yield chunk;
            }
          },
          out,
        );
      } catch (error) {
        // A body refused at once can reject before the file was even opened: wait for the stream
        // to close, or the file it opens afterwards would be left behind.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(temporary, { force: true });
        throw error;
      }
      const typeOk = size > 0 && accept(head);
      if (!typeOk) {
        await rm(temporary, { force: true });
        return { size, typeOk };
      }
      await rename(temporary, target);
      return { size, typeOk };
    },

    async putBytes(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },

    async size(key) {
      try {
        const stats = await stat(pathOf(key));
        return stats.isFile() ? stats.size : undefined;
      } catch {
        return undefined;
      }
    },

    async readHead(key, length) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch {
        return undefined;
      }
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async serve(c, key, { cacheControl, downloadName }) {
      const path = pathOf(key);
      const stats = await fileStats(path);
      if (!stats) return undefined;
      const response = await serveFile(c, path, stats, cacheControl);
      if (downloadName) response.headers.set('Content-Disposition', `attachment; filename="${downloadName}"`);
      return response;
    },

    ensureReady: () => Promise.resolve(),
  };
}

/**
 * A presigned GET is signed at the start of a fixed window and lasts two windows, so every
 * redirect in a window names the same URL (the browser keeps its cached copy) and a URL is good
 * for at least one window after it is handed out.
 */
export const S3_GET_WINDOW_SECONDS = 3 * 3600;
/** The presigned GETs of the current window, by key (bounded: cleared when full). */
const MAX_CACHED_GET_URLS = 20_000;
/** A key no one stores: reading it tells whether the bucket is there (NoSuchKey) or not (NoSuchBucket). */
const PROBE_KEY = '.invigil-probe';

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';

/** An S3 client as the store uses it: path-style addressing, checksums only where S3 requires them (a browser's presigned PUT carries none). */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * S3-compatible storage (AWS S3, MinIO, Ceph...): the institute's bucket, path-style. Browsers PUT
 * to presigned URLs and are redirected to presigned GETs; the server itself only checks objects
 * (HEAD and the first bytes), writes what it receives (proctor snapshots, one-step uploads) and
 * deletes. Nothing is kept on this process's disk.
 */
export function createS3BlobStore(config: S3Config, client: S3Client = createS3Client(config)): BlobStore {
  const Bucket = config.bucket;
  const getUrls = new Map<string, string>();
  let cachedWindow = -1;

  async function presignedGet(key: string, downloadName: string | undefined, nowMs: number): Promise<string> {
    const window = Math.floor(nowMs / 1000 / S3_GET_WINDOW_SECONDS);
    if (window !== cachedWindow || getUrls.size >= MAX_CACHED_GET_URLS) {
      getUrls.clear();
      cachedWindow = window;
    }
    const cacheKey = `${key}\n${downloadName ?? ''}`;
    const cached = getUrls.get(cacheKey);
    if (cached) return cached;
    const command = new GetObjectCommand({ Bucket, Key: key, ...(downloadName ? { ResponseContentDisposition: `attachment; filename="${downloadName}"` } : {}) });
    const url = await getSignedUrl(client, command, { expiresIn: 2 * S3_GET_WINDOW_SECONDS, signingDate: new Date(window * S3_GET_WINDOW_SECONDS * 1000) });
    getUrls.set(cacheKey, url);
    return url;
  }

  return {
    kind: 's3',
    browserOrigin: new URL(config.endpoint).origin,

    presignPut(key, contentType, expiresSeconds, options = {}) {
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ...(options.publicRead ? { ACL: 'public-read' } : {}) });
      // Content-Type is signed: a PUT of another type is refused by S3 itself. x-amz-acl stays a
      // signed header (not hoisted into the query) because the portal sends it as a header.
      return getSignedUrl(client, command, { expiresIn: expiresSeconds, signableHeaders: new Set(['content-type']), unhoistableHeaders: new Set(['x-amz-acl']) });
    },

    async write(key, body, { maxBytes, contentType, accept }) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new BlobTooLargeError();
        chunks.push(Buffer.from(chunk));
      }
      const bytes = Buffer.concat(chunks, size);
      const typeOk = size > 0 && accept(bytes.subarray(0, 16));
      if (typeOk) await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: size }));
      return { size, typeOk };
    },

    async putBytes(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },

    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },

    async readHead(key, length) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${length - 1}` }));
        const bytes = Buffer.from((await reply.Body?.transformToByteArray()) ?? new Uint8Array());
        // A server that ignores Range sends the whole object: keep the head only.
        return bytes.subarray(0, length);
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        // An empty object has no byte 0 (416): its head is empty.
        if (statusOf(error) === 416) return Buffer.alloc(0);
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async serve(_c, key, { cacheControl, downloadName }) {
      // No HEAD first: S3 answers a missing key itself (404), and the redirect costs no round trip to S3.
      return new Response(null, { status: 302, headers: { Location: await presignedGet(key, downloadName, Date.now()), 'Cache-Control': cacheControl } });
    },

    async ensureReady() {
      try {
        await client.send(new GetObjectCommand({ Bucket, Key: PROBE_KEY }));
        return;
      } catch (error) {
        const name = nameOf(error);
        if (name === 'NoSuchKey') return;
        if (name !== 'NoSuchBucket') throw new Error(`S3 bucket ${Bucket} at ${config.endpoint} cannot be read (${name || `HTTP ${statusOf(error) ?? '?'}`}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION.`, { cause: error });
      }
      await client.send(new CreateBucketCommand({ Bucket }));
      // Browsers PUT to presigned URLs and follow redirects to presigned GETs from the portal's origin.
      await client.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: config.corsOrigins, AllowedMethods: ['GET', 'HEAD', 'PUT'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3600 }],
          },
        }),
      );
    },
  };
}

/** The store the configuration names: S3 when S3_* is set, else the embedded one under BLOB_DIR. */
export function createBlobStore(config: { blobDir: string; s3: S3Config | undefined }): BlobStore {
  return config.s3 ? createS3BlobStore(config.s3) : createEmbeddedBlobStore(config.blobDir);
}

