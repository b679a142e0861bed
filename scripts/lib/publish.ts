/**
 * Publishing a catalogue change. Pages are static, so a change they show needs a rebuild; API answers are
 * kept by the CDN under the cache tag "catalogue" (netlify/lib/http.ts), so every change purges that tag.
 * In production a Netlify build hook rebuilds and Netlify's purge API drops the tag; locally (no hook) the
 * site is rebuilt into dist/ and a running local server (`npm start`) drops its emulated CDN cache.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { purgeCache } from '@netlify/functions';
import { ROOT } from './ferretdb';
import { CATALOGUE_CACHE_TAG, maskHookUrl, triggerBuildHook } from '@server/services/publish/deploys';

/** Path on the local server that emulates a CDN purge (a deploy, or a purge by tag). */
export const LOCAL_PURGE_PATH = '/.netlify/purge';

/** What to publish: 'content' rebuilds the pages and purges the API cache; 'stock' only purges it (pages read stock live). */
export type PublishKind = 'content' | 'stock';

/** A publish step failed; the message says what to check, and the import it follows is already written. */
export class PublishError extends Error {}

/** What publishCatalogue needs from its caller; tests point the network parts at loopback fakes. */
export interface PublishOptions {
  kind: PublishKind;
  /** NETLIFY_BUILD_HOOK_URL, NETLIFY_PURGE_API_TOKEN, NETLIFY_SITE_ID, CATALOGUE_CACHE_SECONDS, HOST, PORT. */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Shown as the deploy's title in Netlify's deploy list. */
  title: string;
  /** Rebuilds the local site; used only when no build hook is configured. */
  rebuildLocal?: () => Promise<void>;
  /** Netlify's API base URL (purge); defaults to https://api.netlify.com. */
  netlifyApiUrl?: string;
  sleep?: (ms: number) => Promise<void>;
}

/** Triggers the build hook (waiting up to 30 s: a command has no time limit); a failure is a PublishError saying what to check. */
async function rebuildOnNetlify(hookUrl: string, title: string, log: (line: string) => void): Promise<void> {
  try {
    await triggerBuildHook(hookUrl, title, 30_000);
  } catch (err) {
    throw new PublishError((err as Error).message, { cause: err });
  }
  log(
    `Rebuild: triggered the Netlify build hook ${maskHookUrl(hookUrl)}; the pages change when that deploy goes live (Netlify → Deploys).`,
  );
}

async function purgeNetlify(opts: PublishOptions, token: string, siteID: string): Promise<void> {
  try {
    await purgeCache({
      tags: [CATALOGUE_CACHE_TAG],
      token,
      siteID,
      userAgent: 'silver-shop catalogue:import',
      ...(opts.netlifyApiUrl ? { apiURL: opts.netlifyApiUrl } : {}),
    });
  } catch (err) {
    throw new PublishError(`Purging the CDN cache failed: ${(err as Error).message} (check NETLIFY_PURGE_API_TOKEN and NETLIFY_SITE_ID).`);
  }
}

/** Where a local `npm start` listens (HOST, PORT), as this machine reaches it. */
export function localServerOrigin(env: NodeJS.ProcessEnv): string {
  const host = !env['HOST'] || env['HOST'] === '0.0.0.0' || env['HOST'] === '::' ? '127.0.0.1' : env['HOST'];
  return `http://${host.includes(':') ? `[${host}]` : host}:${env['PORT'] || 8888}`;
}

/** Asks a running local server to drop its emulated CDN cache (every entry, or those with the given tags). */
async function purgeLocal(env: NodeJS.ProcessEnv, tags: string[] | null, log: (line: string) => void): Promise<void> {
  const origin = localServerOrigin(env);
  let res: Response;
  try {
    res = await fetch(origin + LOCAL_PURGE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tags ? { cache_tags: tags } : {}),
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    log(`Local server: none running at ${origin}, so there is no cache to clear.`);
    return;
  }
  if (!res.ok) {
    log(`Local server at ${origin} did not take the purge (${res.status}); restart it to be sure it serves the change.`);
    return;
  }
  const { purged } = (await res.json()) as { purged: number };
  log(`Local server at ${origin}: dropped ${purged} cached answer(s)${tags ? ` tagged "${tags.join('", "')}"` : ''}.`);
}

/**
 * Publishes an import that has been completely written. Production (NETLIFY_BUILD_HOOK_URL set): a content
 * change triggers the build hook and purges the API cache; a stock-only change purges it twice, the second
 * time after warm function instances' in-memory copy (CATALOGUE_CACHE_SECONDS) has expired, because a purge
 * alone would let those instances put the old stock straight back into the CDN. Without purge credentials a
 * stock-only change falls back to a rebuild, whose deploy purges the cache. Locally: rebuild, then clear
 * the local server's cache. Logs each step; throws PublishError when a step fails.
 */
export async function publishCatalogue(opts: PublishOptions): Promise<void> {
  const { env, log } = opts;
  const hook = env['NETLIFY_BUILD_HOOK_URL'];
  const token = env['NETLIFY_PURGE_API_TOKEN'];
  const siteID = env['NETLIFY_SITE_ID'];
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  if (!hook) {
    if (opts.kind === 'content') {
      if (!opts.rebuildLocal) throw new PublishError('No NETLIFY_BUILD_HOOK_URL and no local build available.');
      log('Rebuild: no NETLIFY_BUILD_HOOK_URL, so the local site is rebuilt into dist/ ...');
      await opts.rebuildLocal();
      await purgeLocal(env, null, log);
    } else {
      log('Only stock changed: the pages read stock live, so no rebuild.');
      await purgeLocal(env, [CATALOGUE_CACHE_TAG], log);
    }
    return;
  }

  const canPurge = Boolean(token && siteID);
  if (opts.kind === 'content') {
    await rebuildOnNetlify(hook, opts.title, log);
    if (!canPurge) {
      log('CDN: not purged now (set NETLIFY_PURGE_API_TOKEN and NETLIFY_SITE_ID for that); the new deploy purges it when it goes live.');
      return;
    }
    await purgeNetlify(opts, token!, siteID!);
    log(`CDN: purged cached catalogue API answers (cache tag "${CATALOGUE_CACHE_TAG}") of site ${siteID}.`);
    return;
  }

  if (!canPurge) {
    log('Only stock changed, but NETLIFY_PURGE_API_TOKEN and NETLIFY_SITE_ID are not set, so the API cache cannot be purged alone:');
    await rebuildOnNetlify(hook, opts.title, log);
    log('CDN: the new deploy purges it when it goes live.');
    return;
  }
  log('Only stock changed: the pages read stock live, so no rebuild.');
  await purgeNetlify(opts, token!, siteID!);
  log(`CDN: purged cached catalogue API answers (cache tag "${CATALOGUE_CACHE_TAG}") of site ${siteID}.`);
  const memorySeconds = Number(env['CATALOGUE_CACHE_SECONDS'] ?? 30);
  if (memorySeconds > 0) {
    log(
      `CDN: purging again in ${memorySeconds} s, once warm functions' in-memory catalogue copies (CATALOGUE_CACHE_SECONDS) have expired ...`,
    );
    await sleep(memorySeconds * 1000);
    await purgeNetlify(opts, token!, siteID!);
    log('CDN: purged again.');
  }
}

/**
 * Rebuilds the local site from the database in MONGODB_URI, as `npm start` does: into dist/, or into `outDir`
 * (a local publish builds beside the served site and swaps it in when complete).
 */
export function buildLocalSite(outDir?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--silent'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(outDir ? { SITE_OUT_DIR: outDir } : {}) },
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new PublishError(`The local build failed (exit code ${code}).`))));
  });
}
