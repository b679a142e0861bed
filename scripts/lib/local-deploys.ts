/**
 * The local server's stand-in for Netlify's deploys, for Publish in the back office when no build hook is set: a
 * rebuild of the site from the database into a folder beside the served one, swapped in only once complete (the
 * shop keeps serving the old pages meanwhile, and a failed build changes nothing), then the server's caches dropped.
 * One build at a time; a deploy asked for while one runs is built after it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildLocalSite } from './publish';

/** How a local deploy stands, as GET /.netlify/local-deploys/<id> answers it. */
export interface LocalDeployStatus {
  id: string;
  state: 'building' | 'ready' | 'error';
  error?: string;
}

/** Local deploys of the site served from `<siteRoot>/dist`. */
export class LocalDeploys {
  readonly #deploys = new Map<string, LocalDeployStatus>();
  /** The builds run one after another: a deploy asked for while one builds starts after it (and so reads what is live by then). */
  #queue: Promise<void> = Promise.resolve();

  /**
   * @param siteRoot the folder whose dist/ the server serves
   * @param onLive called once a new dist/ is in place (drops the server's cached pages and answers)
   * @param build builds the site into the given folder (the real Astro build by default)
   */
  constructor(
    private readonly siteRoot: string,
    private readonly onLive: () => void,
    private readonly build: (outDir: string) => Promise<void> = buildLocalSite,
  ) {}

  /** Starts a rebuild (after any under way) and returns its status. */
  start(): LocalDeployStatus {
    const id = randomUUID();
    const status: LocalDeployStatus = { id, state: 'building' };
    this.#deploys.set(id, status);
    const next = join(this.siteRoot, `.deploy-${id}`);
    const live = join(this.siteRoot, 'dist');
    this.#queue = this.#queue.then(() =>
      this.build(next)
        .then(() => {
          // Two renames on one file system: the old pages are served up to the instant the new ones are (a request
          // arriving between the two finds no page, for that instant only).
          const old = join(this.siteRoot, `.retired-${id}`);
          if (existsSync(live)) renameSync(live, old);
          renameSync(next, live);
          rmSync(old, { recursive: true, force: true });
          status.state = 'ready';
          this.onLive();
        })
        .catch((err: unknown) => {
          rmSync(next, { recursive: true, force: true });
          status.state = 'error';
          status.error = `The local build failed: ${err instanceof Error ? err.message : String(err)}`;
          console.error('[publish]', status.error);
        }),
    );
    return status;
  }

  /** A deploy's status; one this server never started (it restarted since) is reported as failed. */
  status(id: string): LocalDeployStatus {
    return this.#deploys.get(id) ?? { id, state: 'error', error: 'The local server restarted before this build finished. Publish again.' };
  }
}
