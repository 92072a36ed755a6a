// @ts-check
// A small, dependency-free zip writer for scripts/pack.mjs (deflate from node:zlib), and the rule
// for which built files go into the Chrome Web Store package. Pure enough to unit-test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Whether a built file belongs in the store package: not a source map, not a test file, not an
 * editor or OS leftover. `path` is relative to the build folder, with "/" separators.
 * @param {string} path
 */
export function shipped(path) {
  const name = path.split('/').pop() ?? path;
  if (name.endsWith('.map')) return false;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(name)) return false;
  if (name === '.DS_Store' || name === 'Thumbs.db' || name.startsWith('.')) return false;
  return true;
}

/**
 * Every file under `dir` to pack, relative, sorted (so the zip is the same for the same build).
 * @param {string} dir
 * @returns {string[]}
 */
export function filesToPack(dir) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} folder */
  const walk = (folder) => {
    for (const entry of readdirSync(folder)) {
      const full = join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = relative(dir, full).split(sep).join('/');
        if (shipped(path)) found.push(path);
      }
    }
  };
  walk(dir);
  return found.sort();
}

// 1980-01-01 00:00 in DOS format: a fixed time keeps the package reproducible.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * A zip archive of `files` (path with "/" separators -> contents), deflated.
 * @param {{ path: string, data: Buffer }[]} files
 * @returns {Buffer}
 */
export function zip(files) {
  /** @type {Buffer[]} */
  const parts = [];
  /** @type {Buffer[]} */
  const central = [];
  let offset = 0;
  for (const { path, data } of files) {
    const name = Buffer.from(path, 'utf8');
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    /**
     * The fields the local header and the central directory's entry share, in the same order,
     * from `at` (4 in the local header, 6 in the central entry, after its "version made by").
     * @param {Buffer} buffer
     * @param {number} at
     */
    const writeEntry = (buffer, at) => {
      buffer.writeUInt16LE(20, at); // version needed
      buffer.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      buffer.writeUInt16LE(8, at + 4); // deflate
      buffer.writeUInt16LE(DOS_TIME, at + 6);
      buffer.writeUInt16LE(DOS_DATE, at + 8);
      buffer.writeUInt32LE(crc, at + 10);
      buffer.writeUInt32LE(packed.length, at + 14);
      buffer.writeUInt32LE(data.length, at + 18);
      buffer.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntry(local, 4);
    parts.push(local, name, packed);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // version made by
    writeEntry(header, 6);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * The manifest as the Chrome Web Store takes it: without `key` (the store refuses an upload that
 * has one and signs the package with its own; the pinned key is for unpacked and self-hosted builds).
 * @param {Buffer} data manifest.json's bytes
 */
export function storeManifest(data) {
  const { key: _key, ...manifest } = JSON.parse(data.toString('utf8'));
  return Buffer.from(`${JSON.stringify(manifest)}\n`);
}

/**
 * The store package of a build folder: its shipped files, with manifest.json at the zip's root.
 * @param {string} dir
 */
export function packBuild(dir) {
  const paths = filesToPack(dir);
  if (!paths.includes('manifest.json')) throw new Error(`${dir} has no manifest.json: build the extension first.`);
  const read = (/** @type {string} */ path) => (path === 'manifest.json' ? storeManifest(readFileSync(join(dir, path))) : readFileSync(join(dir, path)));
  return { paths, archive: zip(paths.map((path) => ({ path, data: read(path) }))) };
}
