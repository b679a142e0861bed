import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/setup/slow-first-sequencer.ts';

// Unit and integration tests run in Node against a real embedded FerretDB started once per run
// (tests/setup/global-db.ts); each integration file gets its own database. Playwright journeys under
// tests/e2e have their own runner.
export default defineConfig({
  // @shared, @server and @functions (tsconfig.json's paths), as Astro, tsx, esbuild and Playwright read them.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: [
      'src/**/*.test.{ts,tsx}',
      'netlify/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/global-db.ts'],
    setupFiles: ['tests/setup/test-env.ts'],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a time. Integration
    // files spend most of their time waiting on the database and the local servers, so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    // The emulated local server's minute-long set-up starts first (tests/setup/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
