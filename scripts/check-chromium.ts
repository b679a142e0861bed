/** Runs before `npm test` and `npm run test:e2e`: says in one line what to install instead of a Playwright stack trace. */
import { missingChromium } from './lib/chromium';

const problem = missingChromium();
if (problem) {
  console.error(problem);
  process.exit(1);
}
