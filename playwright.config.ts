import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { journeysChromiumPath } from './scripts/lib/chromium';

/** Debian's headless shell (or its full Chromium, or CHROMIUM_PATH): no browser downloads on these machines. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: journeysChromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

// Journeys run against the real thing: one static build of the sample catalogue (tests/setup/e2e-build.ts),
// served with the functions by a shop of each worker's own, on its own embedded database and free ports
// (tests/e2e/test.ts). Every journey sets up what it needs (its own shopper, its own products), so journeys
// spread over the workers one by one, not file by file, and the longest file no longer sets the pace. A
// journey spends much of its time waiting on the page (a load, an idle moment, an animation), so there are more
// workers than cores, but each worker's shop, database and Chromium cost CPU too: on 2 cores a whole cold run
// took 7.1 min with 2 workers, 6.7 with 3 and 7.2 with 4, back to back. E2E_WORKERS overrides.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/setup/e2e-build.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? Math.max(2, Math.round(availableParallelism() * 1.5))),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  // A trace records the screen and a DOM snapshot at every step of every journey, failed or not: half the
  // run's CPU. A failure keeps its screenshot and error context; E2E_TRACE=1 adds traces when one needs them.
  use: { trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      // Journeys about a desktop-only way of working (a hardware keyboard) are not phone journeys.
      grepInvert: /@desktop-only/,
    },
  ],
});
