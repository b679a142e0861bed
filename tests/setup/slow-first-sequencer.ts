import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take far longer than the rest: they start first, on a worker of their own, while the other
 * worker runs everything else, instead of starting last and keeping the run waiting. Vitest orders by the last
 * run's timings when it has them; a fresh clone (CI) has none, and falls back to file size, where these are small.
 */
const SLOW_FILES = ['tests/integration/local-server-emulated.test.ts'];

/** Vitest's own order, with the known slow files moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (spec: TestSpecification) => SLOW_FILES.some((f) => spec.moduleId.replaceAll('\\', '/').endsWith(f));
    return [...sorted.filter(slow), ...sorted.filter((spec) => !slow(spec))];
  }
}
