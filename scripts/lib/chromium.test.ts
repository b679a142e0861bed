import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, journeysChromiumPath, missingChromium } from './chromium';

const dir = mkdtempSync(join(tmpdir(), 'chromium-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('missingChromium', () => {
  it('accepts an executable and otherwise says in one line what to install', () => {
    expect(missingChromium({ CHROMIUM_PATH: process.execPath })).toBeNull();
    const notExecutable = join(dir, 'chrome');
    writeFileSync(notExecutable, '');
    const message = missingChromium({ CHROMIUM_PATH: notExecutable });
    expect(message).toMatch(
      /^CHROMIUM_PATH=.*chrome is not an executable: .*sudo apt-get install chromium.*npx playwright install chromium/,
    );
    expect(message).not.toContain('\n');
  });

  it("defaults to Debian's /usr/bin/chromium", () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(missingChromium({ CHROMIUM_PATH: join(dir, 'nothing-here') })).toMatch(/is not an executable/);
  });

  it("runs the journeys in Debian's headless shell when it is installed, else in the full browser; CHROMIUM_PATH wins", () => {
    expect(journeysChromiumPath({}, (path) => path === DEBIAN_HEADLESS_SHELL)).toBe(DEBIAN_HEADLESS_SHELL);
    expect(journeysChromiumPath({}, () => false)).toBe(DEBIAN_CHROMIUM);
    expect(journeysChromiumPath({ CHROMIUM_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
    expect(missingChromium({}, join(dir, 'nothing-here'))).toMatch(/^No Chromium at .*nothing-here: .*chromium-headless-shell/);
  });
});
