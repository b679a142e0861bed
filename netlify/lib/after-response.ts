import { AsyncLocalStorage } from 'node:async_hooks';

/** What the platform lets a request do after its answer: Netlify's context.waitUntil, when there is one. */
interface RequestScope {
  waitUntil?: (promise: Promise<unknown>) => void;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs a request's handler with the platform's waitUntil in scope (handle() does this for every function). */
export function withRequestScope<T>(waitUntil: RequestScope['waitUntil'], run: () => Promise<T>): Promise<T> {
  return scope.run({ waitUntil }, run);
}

/**
 * Runs work that the caller's answer does not depend on (texts and emails to the shopper). On Netlify it
 * continues after the answer is sent (context.waitUntil keeps the instance alive for it), so a shopper never
 * waits on a mail server; without a platform to hand it to (tests, scripts, the scheduled reconciliation) it
 * is awaited. Never throws: the work records its own outcome, and a failure is logged.
 */
export async function afterResponse(label: string, work: () => Promise<void>): Promise<void> {
  const run = work().catch((err: unknown) => console.error(`[${label}]`, err instanceof Error ? err.message : err));
  const waitUntil = scope.getStore()?.waitUntil;
  if (waitUntil) waitUntil(run);
  else await run;
}
