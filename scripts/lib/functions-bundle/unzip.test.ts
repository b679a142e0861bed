import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip } from './unzip';

// A real bundle from Netlify's bundler, of a function small enough to build in a second or two.
const dir = mkdtempSync(join(tmpdir(), 'unzip-test-'));
let zipPath = '';

beforeAll(async () => {
  mkdirSync(join(dir, 'functions'));
  writeFileSync(
    join(dir, 'functions', 'hello.mjs'),
    "export default async () => new Response('hello');\nexport const config = { path: '/api/hello' };\n",
  );
  const [result] = await zipFunctions([join(dir, 'functions')], join(dir, 'out'), { basePath: dir, repositoryRoot: dir });
  zipPath = result!.path;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openZip', () => {
  it('lists and reads the entries of a function bundle', () => {
    const zip = openZip(zipPath);
    const names = zip.entries.map((e) => e.name);
    expect(names).toContain('___netlify-entry-point.mjs');
    expect(names).toContain('hello.mjs');
    expect(zip.read('___netlify-entry-point.mjs').toString()).toContain("getLambdaHandler('./hello.mjs')");
    expect(zip.unpackedBytes).toBe(zip.entries.reduce((sum, e) => sum + e.size, 0));
  });

  it('extracts the files it is asked for, byte for byte', () => {
    const dest = join(dir, 'extracted');
    const zip = openZip(zipPath);
    zip.extract(dest, (name) => name === 'hello.mjs');
    const extracted = readFileSync(join(dest, 'hello.mjs'));
    expect(extracted.toString()).toMatch(/new Response\(["']hello["']\)/);
    expect(extracted.equals(zip.read('hello.mjs'))).toBe(true);
    expect(() => readFileSync(join(dest, '___netlify-entry-point.mjs'))).toThrow();
  });

  it('refuses an entry whose bytes were damaged', () => {
    const zip = readFileSync(zipPath);
    const name = Buffer.from('hello.mjs');
    // The entry's local header (30 bytes, then its name and extra field), then its data.
    let at = zip.indexOf(name);
    while (zip.readUInt32LE(at - 30) !== 0x04034b50) at = zip.indexOf(name, at + 1);
    const damaged = Buffer.from(zip);
    damaged[at + name.length + zip.readUInt16LE(at - 2) + 4]! ^= 0xff;
    const damagedPath = join(dir, 'damaged.zip');
    writeFileSync(damagedPath, damaged);
    expect(() => openZip(damagedPath).read('hello.mjs')).toThrow(/corrupt|invalid|incorrect/i);
  });
});
