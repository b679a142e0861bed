import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/** The site id the local Blobs emulation files stores under (any name does: no account is asked). */
const LOCAL_SITE_ID = 'local-shop';

/** A running local Netlify Blobs emulation. */
export interface LocalBlobs {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Netlify's own Blobs emulation (the server `netlify dev` runs) over `directory`, and points this
 * process's functions at it: they run in this process, and on Netlify the platform gives them the same
 * context. The uploaded photos live in that folder between runs, as the database does in its own.
 */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  mkdirSync(directory, { recursive: true });
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: LOCAL_SITE_ID, token });
  // Once only: a second close of the same server rejects, and shutdown paths may overlap (a signal, a closed pipe).
  let stopped: Promise<void> | null = null;
  return { url, stop: () => (stopped ??= server.stop()) };
}
