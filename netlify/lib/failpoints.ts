/**
 * Failure points: a test-only switch that makes the process die right after a named step, exactly as a
 * SIGKILL or a recycled Netlify instance would (no `finally`, no cleanup, no answer). The crash tests set
 * FAILPOINT for a child process, kill it there, run the recovery and check what a dead process leaves behind.
 */
/** Every step a process can be made to die after: a checkout's, in the order it passes them, a cancel's, a replacement's, a message's, a document number's. */
export const FAIL_POINTS = [
  'checkout.after-stock',
  'checkout.after-discount',
  'checkout.after-razorpay-order',
  'checkout.after-insert',
  'cancel.after-status',
  'stock-move.after-unit',
  'replacement.after-take',
  'replacement.after-step',
  'refund.after-claim',
  'return.after-received',
  'notice.after-claim',
  'document-number.after-counter',
] as const;

/** One of the named steps. */
export type FailPoint = (typeof FAIL_POINTS)[number];

/**
 * Dies here, by SIGKILL, when FAILPOINT names this step. Read straight from process.env (env.ts imports the
 * names to check them, and refuses FAILPOINT in production, so this module imports nothing).
 */
export function failPoint(name: FailPoint): void {
  if (process.env.FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
