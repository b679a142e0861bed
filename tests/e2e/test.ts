/**
 * The journeys' `test`: Playwright's, with a shop of its own per worker. Each worker process starts one
 * shop (tests/setup/e2e-server.ts: embedded database with the sample catalogue, the build served with the
 * functions) on free ports before its first journey and stops it after its last, so workers run side by side
 * without sharing stock, orders, codes or outboxes. Journeys within a worker run one after another, as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test as base } from '@playwright/test';
import { freePort, ROOT } from '../../scripts/lib/ferretdb';
import { READY_LINE } from '../setup/e2e-server';

export { expect } from '@playwright/test';

/** The worker's shop: its address and its database's port. */
interface WorkerShop {
  url: string;
  dbPort: number;
}

/** Starts a shop in a child process and resolves once it serves. */
async function startShop(): Promise<{ shop: WorkerShop; child: ChildProcess }> {
  const [port, dbPort] = [await freePort(), await freePort()];
  // tsx as a loader in the shop's own process, not its CLI (which would add a second Node process per worker).
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/e2e-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), E2E_DB_PORT: String(dbPort), E2E_BUILD: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY_LINE));
      if (line) resolve(line.slice(READY_LINE.length).trim());
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The journeys' shop exited (${code}) before serving:\n${output}`)));
  });
  // From here on the shop's warnings and errors reach the run's output; its log lines (each text it 'sends')
  // are read, and dropped, so a full pipe never stalls it.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.removeAllListeners('data');
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return { shop: { url, dbPort }, child };
}

/**
 * startShop, with fresh ports when the ones picked were taken in between: a free port is found by binding and
 * releasing it, and until the shop binds it again any other listener on this machine (another worker's shop or
 * database, a local Blobs or mail server) may be given it.
 */
async function startShopOnFreePorts(): Promise<{ shop: WorkerShop; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startShop();
    } catch (err) {
      if (attempt >= 3 || !(err instanceof Error && /EADDRINUSE|address already in use/.test(err.message))) throw err;
    }
  }
}

/** Playwright's test with the worker's own shop as its baseURL. */
export const test = base.extend<object, { shop: WorkerShop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, provide) => {
      const { shop, child } = await startShopOnFreePorts();
      // The journeys' helpers (tests/e2e/db.ts) reach the worker's database through this.
      process.env.E2E_DB_PORT = String(shop.dbPort);
      await provide(shop);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ shop }, provide) => provide(shop.url),
});
