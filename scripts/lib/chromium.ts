/**
 * The Chromium the browser journeys and bench:pages drive: Debian's /usr/bin/chromium, or CHROMIUM_PATH.
 * Playwright's own browser download is not used by default because these machines have no network for it.
 */
import { accessSync, constants } from 'node:fs';

/** Path of the Chromium executable to launch. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

/** null when Chromium can be launched; otherwise one line saying what to install or set. */
export function missingChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    const what = env['CHROMIUM_PATH'] ? `CHROMIUM_PATH=${path} is not an executable` : `No Chromium at ${path}`;
    return (
      `${what}: the browser journeys need one. Debian/Ubuntu: sudo apt-get install chromium. ` +
      'Elsewhere: npx playwright install chromium, then set CHROMIUM_PATH to the executable it installed. ' +
      '(npm run test:unit runs the other tests without it.)'
    );
  }
}
