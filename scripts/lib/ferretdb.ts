import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';

/** Project root (scripts/lib/ is two levels down). */
export const ROOT = resolve(import.meta.dirname, '..', '..');
const TOOL_DIR = join(ROOT, 'tools', 'ferretdb');
const BIN = join(ROOT, '.cache', 'bin', 'ferretdb');
const STAMP = `${BIN}.stamp`;

/** Default port of the embedded database: not 27017, so a real MongoDB on the machine is never touched. */
export const DEFAULT_DB_PORT = 27117;

function sourceHash(): string {
  const h = createHash('sha256');
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
  };
  const r = spawnSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', BIN, '.'], { cwd: TOOL_DIR, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('Building tools/ferretdb failed (see the Go output above).');
  writeFileSync(STAMP, hash);
  log(`Embedded database built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return BIN;
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
  if ((opts.reuse ?? true) && (await isPortOpen(port))) return { uri, port, stop: async () => {} };
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
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
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
