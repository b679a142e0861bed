/**
 * The deploy a publish starts and follows. In production a Netlify build hook starts it, titled so it can be found
 * again, and Netlify's API says when it is live or why it failed; then the cached catalogue answers are purged.
 * Locally (no build hook) the running `npm start` rebuilds the site itself (scripts/lib/local-deploys.ts), asked
 * over loopback at its own origin. Both stand behind one small interface, so the publish service never knows which.
 */
import { purgeCache } from '@netlify/functions';
import type { PublishDeployDoc } from '../../collections';
import { getPublishEnv } from '../../env';

/** The cache tag every catalogue API answer carries (Netlify-Cache-Tag, netlify/lib/http.ts). */
export const CATALOGUE_CACHE_TAG = 'catalogue';

/** The local server's deploy endpoint (loopback only): POST starts a rebuild, GET /<id> says how it is going. */
export const LOCAL_DEPLOYS_PATH = '/.netlify/local-deploys';

/** How a deploy stands: still building, live (with where), failed (with why), or started with no way to follow it. */
export type DeployCheck =
  | { state: 'building' }
  | { state: 'live'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'triggered'; message: string };

/** Starts and follows the deploy of a publish. */
export interface Deployer {
  /** Throws, saying what to set, when no deploy could be started: checked before anything is put live. */
  preflight(): Promise<void>;
  start(title: string, now: Date): Promise<PublishDeployDoc>;
  check(deploy: PublishDeployDoc): Promise<DeployCheck>;
}

/** How long a function waits for Netlify or the local server: well inside a function's own time limit. */
const TIMEOUT_MS = 8_000;

/** The header the local server's deploy endpoint asks for (its secret, known only to its own functions). */
export const LOCAL_DEPLOY_SECRET_HEADER = 'x-local-deploy-secret';

/** The hook URL with its secret id shortened, for logs and messages. */
export function maskHookUrl(url: string): string {
  const u = new URL(url);
  const last = u.pathname.split('/').filter(Boolean).pop() ?? '';
  return `${u.origin}/…${last.slice(-4)}`;
}

/** The build hook as a URL; throws an Error saying where to copy it from when it is not one. */
function hookUrlOf(hookUrl: string): URL {
  try {
    const url = new URL(hookUrl);
    if (!/^https?:$/.test(url.protocol)) throw new Error('not http(s)');
    return url;
  } catch (err) {
    throw new Error('NETLIFY_BUILD_HOOK_URL is not a URL; copy it from Netlify → Site configuration → Build & deploy → Build hooks.', {
      cause: err,
    });
  }
}

/**
 * Triggers a Netlify build hook with a deploy title; throws an Error whose message says what to check. A function
 * waits TIMEOUT_MS; the catalogue commands, which have no time limit, wait longer.
 */
export async function triggerBuildHook(hookUrl: string, title: string, timeoutMs = TIMEOUT_MS): Promise<void> {
  const url = hookUrlOf(hookUrl);
  url.searchParams.set('trigger_title', title);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new Error(`The build hook ${maskHookUrl(hookUrl)} could not be reached: ${(err as Error).message}`, { cause: err });
  }
  if (!res.ok) throw new Error(`The build hook ${maskHookUrl(hookUrl)} answered ${res.status}; check NETLIFY_BUILD_HOOK_URL.`);
}

/** One deploy as Netlify's API lists it (the fields read here). */
interface NetlifyDeploy {
  title?: string | null;
  state?: string;
  error_message?: string | null;
  ssl_url?: string | null;
  url?: string | null;
  created_at?: string;
}

/** Production: the build hook starts the deploy; Netlify's deploy list follows it (with NETLIFY_API_TOKEN). */
function netlifyDeployer(hookUrl: string): Deployer {
  return {
    async preflight() {
      hookUrlOf(hookUrl);
    },
    async start(title, now) {
      await triggerBuildHook(hookUrl, title);
      return { kind: 'netlify', title, triggeredAt: now };
    },
    async check(deploy) {
      if (deploy.kind !== 'netlify') return { state: 'failed', message: 'This publish was started by a local server.' };
      const env = getPublishEnv();
      const site = env.NETLIFY_SITE_ID ?? env.SITE_ID;
      if (!env.NETLIFY_API_TOKEN || !site) {
        return {
          state: 'triggered',
          message: 'Netlify is building the pages: follow the deploy in Netlify → Deploys (set NETLIFY_API_TOKEN to follow it here).',
        };
      }
      const res = await fetch(`${env.NETLIFY_API_URL}/api/v1/sites/${encodeURIComponent(site)}/deploys?per_page=20`, {
        headers: { authorization: `Bearer ${env.NETLIFY_API_TOKEN}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok)
        throw new Error(`Netlify's API answered ${res.status} for the site's deploys; check NETLIFY_API_TOKEN and NETLIFY_SITE_ID.`);
      const found = ((await res.json()) as NetlifyDeploy[]).find((d) => d.title === deploy.title);
      if (!found) return { state: 'building' };
      if (found.state === 'error')
        return { state: 'failed', message: `Netlify's build failed: ${found.error_message || 'no reason given'}.` };
      if (found.state !== 'ready') return { state: 'building' };
      // The new deploy serves the new pages; answers the CDN kept under the catalogue's tag go too.
      await purgeCache({ tags: [CATALOGUE_CACHE_TAG], siteID: site, userAgent: 'silver-shop publish', apiURL: env.NETLIFY_API_URL }).catch(
        (err: unknown) => console.warn('[publish] purging the catalogue cache failed; it expires on its own:', err),
      );
      return { state: 'live', message: `Live at ${found.ssl_url || found.url || 'the shop'}.` };
    },
  };
}

/** Locally: the running server at `origin` rebuilds dist/ and swaps it in, then drops its cache. */
function localDeployer(origin: string): Deployer {
  const ask = async (path: string, method: 'GET' | 'POST' = 'GET'): Promise<{ id: string; state: string; error?: string }> => {
    // Only the local server's own functions know its secret: a web page open on the same machine cannot start builds.
    // Not configuration but a value the running server sets for itself (each start makes a new one), so it is read
    // as it is now rather than through the parsed, cached environment.
    const secret = process.env['LOCAL_DEPLOY_SECRET'];
    if (!secret) throw new Error(NO_DEPLOYS);
    let res: Response;
    try {
      res = await fetch(`${origin}${LOCAL_DEPLOYS_PATH}${path}`, {
        method,
        headers: { [LOCAL_DEPLOY_SECRET_HEADER]: secret },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(`The local server could not be asked to rebuild: ${(err as Error).message}`, { cause: err });
    }
    if (res.status === 404) throw new Error(NO_DEPLOYS);
    if (!res.ok) throw new Error(`The local server answered ${res.status} to the rebuild.`);
    return (await res.json()) as { id: string; state: string; error?: string };
  };
  return {
    async preflight() {
      await ask('/ready');
    },
    async start() {
      const { id } = await ask('', 'POST');
      return { kind: 'local', id };
    },
    async check(deploy) {
      if (deploy.kind !== 'local') return { state: 'failed', message: 'This publish was started on Netlify.' };
      const status = await ask(`/${encodeURIComponent(deploy.id)}`);
      if (status.state === 'ready') return { state: 'live', message: 'Live on this local shop.' };
      if (status.state === 'error') return { state: 'failed', message: status.error || 'The local build failed.' };
      return { state: 'building' };
    },
  };
}

/** What Publish says where there is neither a build hook nor a local server to rebuild the pages. */
const NO_DEPLOYS =
  'Publishing needs NETLIFY_BUILD_HOOK_URL (Netlify → Site configuration → Build hooks), or the local server (npm start). Nothing was changed.';

/** The deployer of this environment: Netlify's when a build hook is set, else the local server at `origin`. */
export function deployerFor(origin: string): Deployer {
  const hook = getPublishEnv().NETLIFY_BUILD_HOOK_URL;
  return hook ? netlifyDeployer(hook) : localDeployer(origin);
}
