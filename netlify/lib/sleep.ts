/**
 * Waits `ms` milliseconds. On the global setTimeout, not node:timers/promises, so vitest's fake timers drive the
 * retries and back-offs that use it.
 */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
