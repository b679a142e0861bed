import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium';

/** A free loopback port, picked once in the main process; workers inherit it through the environment. */
function freePortSync(): string {
  return execFileSync(
    process.execPath,
    ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  );
}
process.env.E2E_PORT ??= freePortSync();
process.env.E2E_DB_PORT ??= freePortSync();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Debian's Chromium (or CHROMIUM_PATH): no browser downloads on these machines. */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath(),
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

// Journeys run against the real thing: a static build of the sample catalogue served with the functions
// by tests/setup/e2e-server.ts, on its own embedded database and free ports.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      // Journeys about a desktop-only way of working (a hardware keyboard) are not phone journeys.
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: {
    command: 'tsx tests/setup/e2e-server.ts',
    url: `${baseURL}/api/get_category`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
