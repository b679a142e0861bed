import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';

/** One file of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  crc: number;
  size: number;
  isDirectory: boolean;
}

/** An archive read into memory: its entries, and their contents on demand. */
export interface ZipArchive {
  entries: ZipEntry[];
  /** Sum of the entries' uncompressed sizes, in bytes. */
  unpackedBytes: number;
  /** One entry's contents, checked against its size and CRC. */
  read(name: string): Buffer;
  /** Writes the entries (all, or those `only` names) under `dest`. */
  extract(dest: string, only?: (name: string) => boolean): void;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

interface Located extends ZipEntry {
  method: number;
  packed: number;
  mode: number;
  local: number;
}

/**
 * Opens a zip archive (stored or deflated entries, no zip64: function bundles stay far below 4 GB).
 * Written on node:zlib so that checking a bundle needs no `unzip` on the machine and no package that is
 * only a dependency of a dependency.
 */
export function openZip(zipPath: string): ZipArchive {
  const zip = readFileSync(zipPath);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${zipPath}: not a zip archive`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error(`${zipPath}: zip64 archives are not supported`);

  const located = new Map<string, Located>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`${zipPath}: damaged central directory`);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    located.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      packed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      mode: zip.readUInt32LE(at + 38) >>> 16,
      local: zip.readUInt32LE(at + 42),
      isDirectory: name.endsWith('/'),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }

  const contents = (entry: Located): Buffer => {
    if (zip.readUInt32LE(entry.local) !== LOCAL) throw new Error(`${zipPath}: damaged entry ${entry.name}`);
    const start = entry.local + 30 + zip.readUInt16LE(entry.local + 26) + zip.readUInt16LE(entry.local + 28);
    const raw = zip.subarray(start, start + entry.packed);
    let data: Buffer;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) data = inflateRawSync(raw);
    else throw new Error(`${zipPath}: entry ${entry.name} uses compression method ${entry.method}`);
    if (data.length !== entry.size || crc32(data) !== entry.crc) throw new Error(`${zipPath}: entry ${entry.name} is corrupt`);
    return data;
  };

  const entries = [...located.values()];
  return {
    entries: entries.map(({ name, crc, size, isDirectory }) => ({ name, crc, size, isDirectory })),
    unpackedBytes: entries.reduce((sum, e) => sum + e.size, 0),
    read(name) {
      const entry = located.get(name);
      if (!entry) throw new Error(`${zipPath}: no entry ${name}`);
      return contents(entry);
    },
    extract(dest, only = () => true) {
      const root = resolve(dest);
      const made = new Set<string>();
      const makeDir = (dir: string) => {
        if (made.has(dir)) return;
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      };
      for (const entry of entries) {
        if (!only(entry.name)) continue;
        const target = resolve(root, entry.name);
        if (!target.startsWith(root + sep)) throw new Error(`${zipPath}: entry ${entry.name} points outside the archive`);
        if (entry.isDirectory) {
          makeDir(target);
          continue;
        }
        const data = contents(entry);
        makeDir(dirname(target));
        if ((entry.mode & S_IFMT) === S_IFLNK) symlinkSync(data.toString('utf8'), target);
        else writeFileSync(target, data, { mode: entry.mode & 0o777 || 0o644 });
      }
    },
  };
}
