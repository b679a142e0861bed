/**
 * The Chromium the browser journeys and the benches drive. Playwright's own browser download is not used by
 * default because these machines have no network for it; Debian packages both builds used here.
 */
import { accessSync, constants } from 'node:fs';

/** Debian's full browser: what shoppers run, so bench:pages and bench:inp measure with it. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's old headless shell: the same engine without the browser's own interface, which Playwright also
 * prefers for headless runs. It spends about a third less CPU per journey on a 2-core machine.
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** True when `path` can be executed. */
function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The benches' Chromium: CHROMIUM_PATH, else Debian's full browser. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env['CHROMIUM_PATH'] || DEBIAN_CHROMIUM;
}

/** The journeys' Chromium: CHROMIUM_PATH, else Debian's headless shell when installed, else Debian's full browser. */
export function journeysChromiumPath(env: NodeJS.ProcessEnv = process.env, canRun = isExecutable): string {
  return env['CHROMIUM_PATH'] || (canRun(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM);
}

/** null when the Chromium at `path` can be launched; otherwise one line saying what to install or set. */
export function missingChromium(env: NodeJS.ProcessEnv = process.env, path = chromiumPath(env)): string | null {
  if (isExecutable(path)) return null;
  const what = env['CHROMIUM_PATH'] ? `CHROMIUM_PATH=${path} is not an executable` : `No Chromium at ${path}`;
  return (
    `${what}: the browser journeys need one. Debian/Ubuntu: sudo apt-get install chromium chromium-headless-shell. ` +
    'Elsewhere: npx playwright install chromium, then set CHROMIUM_PATH to the executable it installed. ' +
    '(npm run test:unit runs the other tests without it.)'
  );
}
