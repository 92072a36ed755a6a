import { createCipheriv, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { TestPaper } from '@invigil/shared/api/tests';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSealedPaper, unsealPaper } from './sealed-paper';

const paper = { _id: 't1', version: 3, format: { noq: 1, parts: [] } } as unknown as TestPaper;

/** The server's sealing (server/src/modules/exam/paper-cache.ts): gzip, AES-256-GCM, `iv | ciphertext | tag`. */
function seal(value: unknown, key: Buffer): ArrayBuffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([iv, cipher.update(gzipSync(JSON.stringify(value))), cipher.final(), cipher.getAuthTag()]);
  return body.buffer.slice(body.byteOffset, body.byteOffset + body.length);
}

const key = randomBytes(32);
const ref = { version: 3, url: '/api/test/paper/t1/3', sealed_url: '/api/test/sealed-paper/t1/3', key: key.toString('base64url') };

function holdInCache(entries: Record<string, ArrayBuffer>) {
  vi.stubGlobal('caches', {
    open: async () => ({ match: async (url: string) => (url in entries ? new Response(entries[url]) : undefined) }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the sealed paper (decision 0046)', () => {
  it('opens with the key the start gives, and with no other', async () => {
    const sealed = seal(paper, key);
    expect(await unsealPaper(sealed, ref.key)).toEqual(paper);
    await expect(unsealPaper(sealed, randomBytes(32).toString('base64url'))).rejects.toThrow();
    // One byte changed in transit or storage: refused, never a wrong paper.
    const tampered = new Uint8Array(sealed.slice(0));
    tampered[20] = (tampered[20] ?? 0) ^ 1;
    await expect(unsealPaper(tampered.buffer, ref.key)).rejects.toThrow();
  });

  it('is used when this browser holds the copy of this version; otherwise the caller asks for the paper', async () => {
    holdInCache({ [ref.sealed_url]: seal(paper, key) });
    expect(await openSealedPaper(ref)).toEqual(paper);
    expect(await openSealedPaper({ ...ref, key: undefined })).toBeNull();
    expect(await openSealedPaper({ ...ref, sealed_url: '/api/test/sealed-paper/t1/4', version: 4 })).toBeNull();
    expect(await openSealedPaper({ ...ref, key: randomBytes(32).toString('base64url') })).toBeNull();
    holdInCache({ [ref.sealed_url]: seal({ ...paper, version: 2 }, key) });
    expect(await openSealedPaper(ref)).toBeNull();
  });
});
