/** Runs before `npm test` and `npm run test:e2e`: says in one line what to install instead of a Playwright stack trace. */
import { journeysChromiumPath, missingChromium } from './lib/chromium';

const problem = missingChromium(process.env, journeysChromiumPath());
if (problem) {
  console.error(problem);
  process.exit(1);
}
