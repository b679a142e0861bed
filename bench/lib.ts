import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ROOT, freePort, startEmbeddedDb } from '../scripts/lib/ferretdb';

/**
 * One throw-away set of the shop's secrets for this process (which signs the shoppers' tokens) and every server
 * it starts (they inherit the environment); a secret already set in the shell is kept. Benches never touch .env.
 */
export function setThrowawaySecrets(): void {
  for (const name of ['AUTH_SECRET', 'OTP_SECRET', 'RAZORPAY_SANDBOX_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
    process.env[name] ??= randomBytes(48).toString('base64url');
}

/** A database for a benchmark run: MONGODB_URI when set, else a throw-away embedded FerretDB. */
export async function benchDatabase(dbName: string): Promise<{ uri: string; stop(): Promise<void> }> {
  process.env.MONGODB_DB = dbName;
  if (process.env.MONGODB_URI) return { uri: process.env.MONGODB_URI, stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'silver-shop-bench-'));
  const db = await startEmbeddedDb({ port: await freePort(), dataDir, reuse: false });
  process.env.MONGODB_URI = db.uri;
  return {
    uri: db.uri,
    stop: async () => {
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The q-th percentile (0..100) of a sorted list. */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Prints rows as an aligned text table. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Starts bench/serve-child.ts in its own process (env carries the database) and resolves once it listens. */
export async function startServerProcess(
  functions: 'warm' | 'emulated' = 'warm',
  cdnCache = true,
  { logs = true } = {},
): Promise<{ url: string; stop(): Promise<void>; kill(): Promise<void> }> {
  const port = await freePort();
  const args = ['--port', String(port), '--functions', functions, ...(cdnCache ? [] : ['--no-cdn-cache'])];
  const child = spawn(
    process.execPath,
    // tsx as a loader in the server's own process (its CLI would add a relaying parent); BENCH_SERVER_PROFILE=dir
    // writes the server's CPU profile there when it stops, to see where a bench's time goes.
    [
      ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : []),
      '--import',
      'tsx',
      join(ROOT, 'bench', 'serve-child.ts'),
      ...args,
    ],
    {
      cwd: ROOT,
      // logs: false keeps the server's own lines (the SMS outbox, a cut request's errors) out of the figures.
      stdio: ['ignore', 'pipe', logs ? 'inherit' : 'ignore'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    // As a crash would: no shutdown, in-flight requests cut (bench:crash).
    kill: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resident memory (bytes) of a process and all its descendants, read from /proc. */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const pid = Number(entry);
      rss.set(pid, kb * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      /* the process ended while we looked */
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
