import { createHash, createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { TestPaper } from '@invigil/shared/api/tests';
import { testPaperSchema } from '@invigil/shared/api/tests';
import type { TestRepository } from './test-repository';
import { sealBytes } from './paper-seal';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface EncodedPaper {
  identity: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
}

/** A copy on its own ArrayBuffer, as web Responses want it (made once per version). */
const own = (bytes: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The paper sealed for handing out before the start (decision 0046; layout in paper-seal.ts). */
export interface SealedPaper {
  /** Of these very bytes: each process seals with its own nonce. */
  etag: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** One version of one test's paper: parsed once, compressed once (lazily), shared by every student. */
export interface CachedPaper {
  testId: string;
  version: number;
  paper: TestPaper;
  /** Strong validator of the content; per encoding it gets a suffix. */
  etag: string;
  /** The bytes, precompressed; compressed off the main thread on first use, then kept. */
  encoded(): Promise<EncodedPaper>;
  /** The sealed bytes (made once per version and process, then kept). */
  sealed(): Promise<SealedPaper>;
  /** The key that opens `sealed()` (base64url): given only with a started attempt. */
  sealKey: string;
}

/**
 * Papers by test and version, parsed from the stored JSON once per process and compressed (gzip
 * level 9, brotli quality 11, in libuv's thread pool) at most once per version. Versions only grow
 * and the stored paper of a version never changes, so entries never go stale; the least recently
 * used ones are dropped past `maxEntries`.
 */
export function createPaperCache(tests: Pick<TestRepository, 'paperOf'>, sealSecret: string, maxEntries = 64) {
  const entries = new Map<string, Promise<CachedPaper | undefined>>();

  function build(testId: string, version: number, json: string): CachedPaper {
    const paper = testPaperSchema.parse(JSON.parse(json));
    const digest = createHash('sha256').update(json).digest();
    const hash = digest.toString('base64url').slice(0, 22);
    // Every process derives the same key from the shared secret and the content, so a key given by
    // one process opens the sealed bytes of another; each seals with a random nonce of its own.
    const key = createHmac('sha256', sealSecret).update(`invigil-paper-key\0${testId}\0${version}\0`).update(digest).digest();
    let encoded: Promise<EncodedPaper> | undefined;
    let sealed: Promise<SealedPaper> | undefined;
    const etag = `"${testId}.${version}.${hash}"`;
    const encode = () => {
      encoded ??= (async () => {
        const identity = Buffer.from(json, 'utf8');
        const [gz, br] = await Promise.all([
          gzipAsync(identity, { level: 9 }),
          brotliAsync(identity, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
        ]);
        return { identity: own(identity), gzip: own(gz), br: own(br) };
      })();
      encoded.catch(() => {
        encoded = undefined;
      });
      return encoded;
    };
    return {
      testId,
      version,
      paper,
      etag,
      sealKey: key.toString('base64url'),
      encoded: encode,
      sealed() {
        sealed ??= encode().then(({ gzip: gz }) => {
          const body = sealBytes(gz, key);
          const bodyHash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
          return { etag: `"${testId}.${version}.${bodyHash}.sealed"`, bytes: own(body) };
        });
        sealed.catch(() => {
          sealed = undefined;
        });
        return sealed;
      },
    };
  }

  return {
    /**
     * The paper of `version` (the test's current one, as the caller read it). Undefined when the
     * test is gone or the stored version differs (re-imported meanwhile).
     */
    get(testId: string, version: number): Promise<CachedPaper | undefined> {
      const key = `${testId}@${version}`;
      let entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
        return entry;
      }
      entry = tests.paperOf(testId).then((stored) => (stored && stored.version === version ? build(testId, version, stored.paper) : undefined));
      entries.set(key, entry);
      // Never cache a miss or a failure: the next call reads again.
      entry.then(
        (paper) => {
          if (!paper) entries.delete(key);
        },
        () => entries.delete(key),
      );
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return entry;
    },

    size(): number {
      return entries.size;
    },
  };
}

export type PaperCache = ReturnType<typeof createPaperCache>;
