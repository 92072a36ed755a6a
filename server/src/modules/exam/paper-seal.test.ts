import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sealBytes, unsealPaperJson } from './paper-seal';

describe('the sealed paper layout', () => {
  const paper = { version: 3, questions: [{ id: 'q1', text: 'Two plus two?' }] };
  const key = randomBytes(32);

  it('opens with its key, and each seal draws its own nonce', () => {
    const one = sealBytes(gzipSync(JSON.stringify(paper)), key);
    const two = sealBytes(gzipSync(JSON.stringify(paper)), key);
    expect(one.equals(two)).toBe(false);
    expect(unsealPaperJson(one, key.toString('base64url'))).toEqual(paper);
    expect(unsealPaperJson(two, key.toString('base64url'))).toEqual(paper);
  });

  it('refuses another key and altered bytes', () => {
    const sealed = sealBytes(gzipSync(JSON.stringify(paper)), key);
    expect(() => unsealPaperJson(sealed, randomBytes(32).toString('base64url'))).toThrow();
    const altered = Buffer.from(sealed);
    altered.writeUInt8(altered.readUInt8(20) ^ 1, 20);
    expect(() => unsealPaperJson(altered, key.toString('base64url'))).toThrow();
  });
});
