import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError, createEmbeddedBlobStore } from './blob-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function store() {
  const dir = mkdtempSync(join(tmpdir(), 'invigil-blobs-'));
  dirs.push(dir);
  return { dir, blobs: createEmbeddedBlobStore(dir) };
}

async function* bytes(text: string) {
  yield new TextEncoder().encode(text);
}

const anyType = () => true;

describe('the embedded blob store', () => {
  it('takes twenty writes of one key at once (a double PUT of one signed URL): one of them is kept, none fails, no temporary file is left', async () => {
    const { dir, blobs } = store();
    const bodies = Array.from({ length: 20 }, (_, i) => `receipt ${i}`);
    const results = await Promise.allSettled(bodies.map((body) => blobs.write('receipts/r1.jpg', bytes(body), { maxBytes: 1000, contentType: 'image/jpeg', accept: anyType })));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(bodies).toContain(readFileSync(join(dir, 'receipts', 'r1.jpg'), 'utf8'));
    expect(readdirSync(join(dir, 'receipts'))).toEqual(['r1.jpg']);
  });

  it('refuses a body over the limit and leaves nothing behind, however soon it is refused', async () => {
    const { dir, blobs } = store();
    // Refused on its first chunk, sometimes before the temporary file is even open (seen once in a
    // full run on a loaded machine: the file was opened after it was removed). Thirty times over.
    for (let i = 0; i < 30; i++) {
      await expect(blobs.write('receipts/big.jpg', bytes('x'.repeat(50)), { maxBytes: 10, contentType: 'image/jpeg', accept: anyType })).rejects.toBeInstanceOf(BlobTooLargeError);
    }
    expect(readdirSync(join(dir, 'receipts'))).toEqual([]);
  });
});
