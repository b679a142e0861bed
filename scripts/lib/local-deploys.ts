/**
 * The local server's stand-in for Netlify's deploys, for Publish in the back office when no build hook is set: a
 * rebuild of the site from the database into a folder beside the served one, swapped in only once complete (the
 * shop keeps serving the old pages meanwhile, and a failed build changes nothing), then the server's caches dropped.
 * One build at a time; a deploy asked for while one runs is that one.
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
  #building: string | null = null;

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

  /** Starts a rebuild (or answers the one under way) and returns its status. */
  start(): LocalDeployStatus {
    if (this.#building) return this.#deploys.get(this.#building)!;
    const id = randomUUID();
    const status: LocalDeployStatus = { id, state: 'building' };
    this.#deploys.set(id, status);
    this.#building = id;
    const next = join(this.siteRoot, `.deploy-${id}`);
    const live = join(this.siteRoot, 'dist');
    void this.build(next)
      .then(() => {
        // Two renames on one file system: the old pages are served up to the instant the new ones are.
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
      })
      .finally(() => {
        this.#building = null;
      });
    return status;
  }

  /** A deploy's status; one this server never started (it restarted since) is reported as failed. */
  status(id: string): LocalDeployStatus {
    return this.#deploys.get(id) ?? { id, state: 'error', error: 'The local server restarted before this build finished. Publish again.' };
  }
}
