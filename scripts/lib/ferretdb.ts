import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';

/** Project root (scripts/lib/ is two levels down). */
export const ROOT = resolve(import.meta.dirname, '..', '..');
const TOOL_DIR = join(ROOT, 'tools', 'ferretdb');
const BIN = join(ROOT, '.cache', 'bin', 'ferretdb');
const STAMP = `${BIN}.stamp`;

/** Default port of the embedded database: not 27017, so a real MongoDB on the machine is never touched. */
export const DEFAULT_DB_PORT = 27117;

const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

/**
 * Source patches applied to FerretDB at build time, to a copy of its module (the module cache stays
 * untouched, and a FerretDB upgrade that moves the patched code fails the build instead of silently
 * dropping a patch).
 *
 * Why: FerretDB v1's SQLite backend pushes a filter down to SQL only when the filter is exactly
 * `{_id: X}` (its TODO 3235). Every other filter reads and decodes the whole collection in Go, so
 * `updateOne({_id, stock: {$gte: 1}}, ...)`, the stock hold every order takes, scans all products
 * (a cost that grows with the catalogue) where MongoDB walks the _id index. The patch
 * pushes `_id` equality down whenever it is a top-level key and leaves the rest of the filter to the
 * handler, which applies the whole filter to what the query returns anyway (pushdown is only a hint in
 * FerretDB: see DisablePushdown), so results are unchanged; only the scan goes.
 */
const FERRETDB_PATCHES: { file: string; find: string; replace: string; count: number }[] = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    find: `IDColumn = DefaultColumn + "->'$._id'"`,
    replace: 'IDColumn = DefaultColumn + `->"_id"`',
    count: 1,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    find: '\tif params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get("_id")\n',
    replace: '\tif idKeyOnce(params.Filter) {\n\t\tv, _ := params.Filter.Get("_id")\n',
    count: 2,
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    find: '// check interfaces\n',
    replace: [
      '// idKeyOnce reports whether the filter has exactly one top-level `_id` key (patched in by tools/ferretdb:',
      '// the equality is pushed down and the handler still applies the whole filter to the rows returned).',
      'func idKeyOnce(filter *types.Document) bool {',
      '\tn := 0',
      '\tfor _, k := range filter.Keys() {',
      '\t\tif k == "_id" {',
      '\t\t\tn++',
      '\t\t}',
      '\t}',
      '\treturn n == 1',
      '}',
      '',
      '// check interfaces',
      '',
    ].join('\n'),
    count: 1,
  },
];

function sourceHash(): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(FERRETDB_PATCHES));
  // Every Go source (tests excluded) plus the module files: a change to any of them means a rebuild.
  const sources = readdirSync(TOOL_DIR)
    .filter((f) => (f.endsWith('.go') && !f.endsWith('_test.go')) || f === 'go.mod' || f === 'go.sum')
    .sort();
  for (const f of sources) h.update(f).update(readFileSync(join(TOOL_DIR, f)));
  return h.digest('hex');
}

/** Builds the embedded FerretDB binary once per machine (and again only when its source changes). */
export function ensureFerretBinary(log: (s: string) => void = console.log): string {
  const hash = sourceHash();
  if (existsSync(BIN) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return BIN;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0) {
    throw new Error('The embedded database needs Go (>= 1.24) to build once: install Go, or set MONGODB_URI to a MongoDB server.');
  }
  log('Building the embedded database (FerretDB v1, SQLite) once for this machine; about a minute...');
  mkdirSync(join(ROOT, '.cache', 'bin'), { recursive: true });
  const started = Date.now();
  // Module and build caches stay inside the project so nothing is written elsewhere.
  const env = {
    ...process.env,
    GOMODCACHE: join(ROOT, '.cache', 'go-mod'),
    GOCACHE: join(ROOT, '.cache', 'go-build'),
    GOFLAGS: '-modcacherw',
    CGO_ENABLED: '0',
    // -modfile cannot be combined with a go.work found above the project.
    GOWORK: 'off',
  };
  // Each build works in its own folder and renames the binary into place, so two processes rebuilding at
  // once (a dev server and a test run after a pull) never read each other's half-written copy.
  const work = mkdtempSync(join(ROOT, '.cache', 'ferretdb-build-'));
  try {
    const modfile = writePatchedFerretModule(env, work);
    const out = join(work, 'ferretdb');
    const r = spawnSync('go', ['build', '-trimpath', `-modfile=${modfile}`, '-ldflags=-s -w', '-o', out, '.'], {
      cwd: TOOL_DIR,
      env,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('Building tools/ferretdb failed (see the Go output above).');
    renameSync(out, BIN);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(STAMP, hash);
  log(`Embedded database built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return BIN;
}

/**
 * Copies FerretDB's module out of the module cache into `work`, applies FERRETDB_PATCHES to the copy, and
 * returns a go.mod (for `go build -modfile`) that replaces the module with the patched copy.
 */
function writePatchedFerretModule(env: NodeJS.ProcessEnv, work: string): string {
  const download = spawnSync('go', ['mod', 'download', FERRETDB_MODULE], { cwd: TOOL_DIR, env, stdio: 'inherit' });
  if (download.status !== 0) throw new Error(`Downloading ${FERRETDB_MODULE} failed (see the Go output above).`);
  const list = spawnSync('go', ['list', '-m', '-f', '{{.Dir}}', FERRETDB_MODULE], { cwd: TOOL_DIR, env, encoding: 'utf8' });
  const moduleDir = list.stdout.trim();
  if (list.status !== 0 || !moduleDir) throw new Error(`Cannot locate ${FERRETDB_MODULE}: ${list.stderr}`);
  const copy = join(work, 'ferretdb-module');
  cpSync(moduleDir, copy, { recursive: true });
  // A module cache filled without -modcacherw is read-only, and so would be the copy.
  makeWritable(copy);
  for (const file of [...new Set(FERRETDB_PATCHES.map((p) => p.file))]) {
    let text = readFileSync(join(copy, file), 'utf8');
    for (const p of FERRETDB_PATCHES.filter((q) => q.file === file)) {
      const found = text.split(p.find).length - 1;
      if (found !== p.count) throw new Error(`FerretDB patch no longer applies: expected ${p.count} match(es) in ${file}, found ${found}.`);
      text = text.split(p.find).join(p.replace);
    }
    writeFileSync(join(copy, file), text);
  }
  const modfile = join(work, 'go.mod');
  // A quoted path: Go's module syntax splits an unquoted one at spaces. JSON string escapes are Go's too.
  writeFileSync(modfile, `${readFileSync(join(TOOL_DIR, 'go.mod'), 'utf8')}\nreplace ${FERRETDB_MODULE} => ${JSON.stringify(copy)}\n`);
  writeFileSync(join(work, 'go.sum'), readFileSync(join(TOOL_DIR, 'go.sum')));
  return modfile;
}

/** Makes every folder and file under `dir` writable by its owner. */
function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(path);
    else chmodSync(path, 0o644);
  }
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 300): Promise<boolean> {
  return new Promise((res) => {
    const s = createConnection({ port, host });
    const done = (v: boolean) => {
      s.destroy();
      res(v);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** A running embedded database. */
export interface EmbeddedDb {
  uri: string;
  port: number;
  /** Stops the process this call started (no-op when an already running server was reused). */
  stop(): Promise<void>;
  /** Kills it at once with SIGKILL, as a crash would (bench:crash); resolves once it is gone. */
  kill?(): Promise<void>;
  /** Whether this call started it (false: a server already running on the port was reused). */
  startedHere: boolean;
}

/**
 * Starts the embedded database on 127.0.0.1:port with data under dataDir, or reuses one already
 * listening there (a second `npm start`, or the dev server while tests run elsewhere).
 */
export async function startEmbeddedDb(
  opts: { port?: number; dataDir?: string; reuse?: boolean; log?: (s: string) => void } = {},
): Promise<EmbeddedDb> {
  const port = opts.port ?? DEFAULT_DB_PORT;
  const uri = `mongodb://127.0.0.1:${port}/`;
  if (await isPortOpen(port)) {
    if (opts.reuse ?? true) return { uri, port, stop: async () => {}, startedHere: false };
    // Started anyway, ours would fail to listen while the other answers on the port, and seem to have started.
    throw new Error(`Something already listens on ${port}: stop it before starting a database of its own there`);
  }
  const bin = ensureFerretBinary(opts.log);
  const dataDir = opts.dataDir ?? join(ROOT, '.data', 'ferretdb');
  mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn(bin, ['-listen', `127.0.0.1:${port}`, '-data', dataDir, '-log-level', 'error'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`Embedded database exited at start:\n${stderr}`);
    if (await isPortOpen(port)) break;
    await new Promise((r) => setTimeout(r, 100));
    if (i === 99) throw new Error(`Embedded database did not start listening on ${port} within 10 s:\n${stderr}`);
  }
  return {
    uri,
    port,
    startedHere: true,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A free TCP port on loopback, for tests and benches that start their own servers. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => res(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
