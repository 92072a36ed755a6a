import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import { packBuild, shipped, zip } from './zip.mjs';

/** Reads a zip's entries back through its central directory (what Chrome Web Store's upload does). */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    files.set(name, inflateRawSync(archive.subarray(dataAt, dataAt + size)).toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the store package', () => {
  it('leaves out source maps, test files and dotfiles', () => {
    expect(shipped('manifest.json')).toBe(true);
    expect(shipped('static/background/index.js')).toBe(true);
    expect(shipped('popup.b3f26767.js.map')).toBe(false);
    expect(shipped('lib/pairing.test.js')).toBe(false);
    expect(shipped('x.spec.ts')).toBe(false);
    expect(shipped('.DS_Store')).toBe(false);
  });

  it('zips a build with manifest.json at the root, readable back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'invigil-pack-'));
    made.push(dir);
    mkdirSync(join(dir, 'static', 'background'), { recursive: true });
    writeFileSync(join(dir, 'manifest.json'), '{"manifest_version":3,"key":"MIIB"}');
    writeFileSync(join(dir, 'static', 'background', 'index.js'), 'console.log("worker")'.repeat(50));
    writeFileSync(join(dir, 'static', 'background', 'index.js.map'), '{}');
    const { paths, archive } = packBuild(dir);
    expect(paths).toEqual(['manifest.json', 'static/background/index.js']);
    const files = unzip(archive);
    expect([...files.keys()]).toEqual(['manifest.json', 'static/background/index.js']);
    // The store refuses a manifest with a key.
    expect(files.get('manifest.json')).toBe('{"manifest_version":3}\n');
    expect(files.get('static/background/index.js')).toBe('console.log("worker")'.repeat(50));
  });

  it('refuses a folder without a build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'invigil-pack-'));
    made.push(dir);
    expect(() => packBuild(dir)).toThrow(/no manifest\.json/);
  });

  it('is the same archive for the same files', () => {
    const files = [{ path: 'a.txt', data: Buffer.from('a') }];
    expect(zip(files).equals(zip(files))).toBe(true);
  });
});
