/**
 * npm test: vitest's unit and integration tests, then the Playwright journeys. The journeys' static build
 * (tests/setup/e2e-build.ts, otherwise Playwright's global set-up) is made while vitest runs: vitest's longest
 * file (Netlify's emulated function runtime building every function) keeps one core to itself for about a
 * minute at the end, which the build uses instead of waiting for it. Arguments go to Playwright, as they did
 * when this was `vitest run && playwright test`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/ferretdb';

/** Runs a Node script of the project (through tsx) or a package's bin; resolves with its exit code. */
function run(args: string[], opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): { done: Promise<number>; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const done = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { done, output: () => output };
}

const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

// The build's output is held until vitest is done, so the two never interleave.
const build = run(['--import', 'tsx', 'tests/setup/e2e-build.ts'], { quiet: true });
const vitest = await run([bin('vitest', 'vitest.mjs'), 'run']).done;
const built = await build.done;
process.stdout.write(build.output());
if (vitest !== 0) process.exit(vitest);
if (built !== 0) {
  console.error(`The journeys' build failed (exit ${built}).`);
  process.exit(built);
}
// The build above is this run's: the global set-up keeps it.
const journeys = await run([bin('@playwright/test', 'cli.js'), 'test', ...process.argv.slice(2)], { env: { E2E_REUSE_BUILD: '1' } }).done;
process.exit(journeys);
