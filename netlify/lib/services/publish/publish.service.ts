/**
 * Publish: puts every saved draft live, then has the shop's pages rebuilt and follows that deploy until it is live
 * or failed. One publish runs at a time (a lock in the database, not in memory: functions run on many instances);
 * pressing Publish while one runs queues the changes saved meanwhile to go out right after it. Every publish is
 * logged: who, when, which products, and how it ended.
 */
import { ObjectId } from 'mongodb';
import type { CataloguePublish, PendingProduct, PublishStatusResponse } from '@shared/api/catalogue-admin';
import { productCount as products } from '@shared/labels';
import type { PublishShown } from '@shared/schemas/catalogue-admin';
import { formatIndiaDateTime } from '@shared/india-time';
import { clearCache } from '../../cache';
import { type CatalogueDraftDoc, type CataloguePublishDoc, type UserDoc } from '../../collections';
import { AppError, badRequest, conflict } from '../../errors';
import { catalogueDraftsRepository as drafts } from '../../repositories/catalogue-drafts.repository';
import { cataloguePublishRepository as repo } from '../../repositories/catalogue-publish.repository';
import { clearCatalogueList, signature } from '../catalogue-editor.service';
import { deployerFor, type DeployCheck } from './deploys';
import { liveFormOf } from '../catalogue-live-form';

/** The longest a publish may hold the lock: a Netlify build that runs longer is reported as failed. */
const MAX_PUBLISH_MS = 30 * 60_000;
/**
 * Putting drafts live takes seconds, and says so after each draft; a publish silent for this long while 'applying'
 * died on the way (its instance stopped). Its lock lapses as soon, until its deploy starts.
 */
const APPLY_STALE_MS = 2 * 60_000;
/** How many publishes the log shows. */
const LOG_LENGTH = 20;

/** Who a publish is in the name of. */
type Signer = { by: string; name: string };

/** The wire form of a publish. */
function toPublish(d: CataloguePublishDoc): CataloguePublish {
  return {
    id: d._id.toHexString(),
    state: d.state,
    startedAt: d.startedAt.toISOString(),
    startedBy: d.startedByName,
    finishedAt: d.finishedAt?.toISOString() ?? null,
    products: d.products.map((p) => ({ id: p.productId.toHexString(), name: p.name })),
    message: d.message,
    queuedBy: d.queuedBy?.name ?? null,
  };
}

/** A waiting draft as the Publish panel lists it. */
const pendingOf = (d: CatalogueDraftDoc): PendingProduct => ({
  id: d.productId.toHexString(),
  version: d.version,
  name: d.product.name,
  change: d.publishedVersion === undefined && d.isNew ? 'new' : 'changed',
});

/** Whether the drafts waiting are exactly the ones (and versions) the editor was shown. */
const asShown = (waiting: CatalogueDraftDoc[], shown: PublishShown) =>
  waiting.length === shown.length && waiting.every((d) => shown.some((s) => s.id === d.productId.toHexString() && s.version === d.version));

/**
 * The publish that holds the lock now, moved on first if its deploy has ended (or it died on the way); when one
 * ends and the queued publish starts in its place, that one is answered.
 */
async function currentRun(origin: string, now: Date): Promise<CataloguePublishDoc | null> {
  for (let look = 0; look < 2; look++) {
    // The runs first, then the lock: a run listed here took the lock before it was stored, so a holder read after
    // it is never older than it.
    const running = await repo.running();
    const holder = await repo.lockHolder(now);
    let current: CataloguePublishDoc | null = null;
    let ended = false;
    for (const run of running) {
      const moved = await advance(run, origin, now, run._id.toHexString() === holder);
      if (moved.state === 'applying' || moved.state === 'building') current = moved;
      else ended = true;
    }
    if (current || !ended) return current;
  }
  return null;
}

/**
 * Moves a running publish on: records its deploy's end (exactly once, however many requests follow it), lets the
 * lock go, and starts the publish someone queued meanwhile. A publish that lost its lock (it lapsed) or fell
 * silent while putting drafts live is recorded as failed, with what to do.
 */
async function advance(run: CataloguePublishDoc, origin: string, now: Date, holdsLock: boolean): Promise<CataloguePublishDoc> {
  const end = async (outcome: Exclude<DeployCheck, { state: 'building' }>): Promise<CataloguePublishDoc> => {
    const set = { state: outcome.state, message: outcome.message, finishedAt: now, updatedAt: now };
    if (!(await repo.moveIf(run._id, run.state, set))) return (await repo.findById(run._id)) ?? run;
    // Read again: a press may have queued behind it after `run` was read (none can once it has ended).
    const queuedBy = (await repo.findById(run._id))?.queuedBy ?? run.queuedBy;
    await repo.releaseLock(run._id.toHexString());
    // Whoever pressed Publish meanwhile was promised their changes go out when this one ends. When nothing waits
    // any more, or a draft cannot be published as saved, nothing starts; the panel then shows what waits.
    if (queuedBy) {
      await startPublish(queuedBy, null, origin, now).catch((err: unknown) =>
        console.warn(
          '[publish] the publish queued behind',
          run._id.toHexString(),
          'did not start:',
          err instanceof Error ? err.message : err,
        ),
      );
    }
    return { ...run, ...set, queuedBy };
  };
  const age = now.getTime() - run.startedAt.getTime();
  if (run.state === 'applying') {
    if (now.getTime() - run.updatedAt.getTime() < APPLY_STALE_MS) return run;
    return end({
      state: 'failed',
      message: 'It stopped while putting the changes live (the server restarted). Publish again to finish it.',
    });
  }
  if (!holdsLock || age > MAX_PUBLISH_MS) {
    return end({ state: 'failed', message: 'The deploy did not finish within 30 minutes. Check Netlify → Deploys, then publish again.' });
  }
  let check: DeployCheck;
  try {
    check = await deployerFor(origin).check(run.deploy!);
  } catch (err) {
    // Following the deploy failed this time (a network blip): it is asked again on the next look.
    console.warn('[publish] could not follow the deploy:', err instanceof Error ? err.message : err);
    return run;
  }
  return check.state === 'building' ? run : end(check);
}

/** Takes the publish lock for a new publish, or queues behind the one holding it; null when neither could be done. */
async function lockOrQueue(id: ObjectId, who: Signer, origin: string, now: Date): Promise<CataloguePublishDoc | 'locked' | null> {
  const until = new Date(now.getTime() + APPLY_STALE_MS);
  for (let tries = 0; tries < 3; tries++) {
    if (await repo.claimLock(id.toHexString(), now, until)) return 'locked';
    const running = await currentRun(origin, now);
    // Queued only while it still runs; if it ended meanwhile, this press takes the lock on the next try.
    if (running && (await repo.queue(running._id, who))) return { ...running, queuedBy: who };
  }
  return null;
}

/**
 * Starts a publish in `who`'s name: checks a deploy can be started (before anything is put live), takes the lock
 * (or queues behind the publish holding it), then reads what is waiting, checks it is what the editor was shown
 * (`shown`, null for a queued publish, which takes whatever is waiting when its turn comes) and can be published
 * as saved, puts every waiting draft live and starts the deploy.
 */
async function startPublish(
  who: Signer,
  shown: PublishShown | null,
  origin: string,
  now: Date,
): Promise<{ publish: CataloguePublishDoc; queued: boolean }> {
  const deployer = deployerFor(origin);
  try {
    await deployer.preflight();
  } catch (err) {
    throw new AppError(503, err instanceof Error ? err.message : String(err));
  }
  const id = new ObjectId();
  const lock = await lockOrQueue(id, who, origin, now);
  if (lock === null) throw conflict('Another publish is starting. Please try again in a moment.');
  if (lock !== 'locked') return { publish: lock, queued: true };
  let recorded = false;
  let applied = 0;
  let total = 0;
  try {
    // Read under the lock: no other publish is writing these drafts now.
    const [waiting, latest] = await Promise.all([repo.waitingDrafts(), repo.latest(1)]);
    // With nothing waiting, Publish retries a publish whose deploy failed (its drafts are live, its pages are not).
    const retry = waiting.length === 0 && latest[0]?.state === 'failed';
    if (!waiting.length && !retry) throw conflict('Nothing to publish: every saved change is live.');
    if (shown !== null && !asShown(waiting, shown)) {
      throw conflict(
        `The changes waiting are not the ones you were shown (${products(waiting.length)} now): someone saved meanwhile. Check the list, then publish again.`,
      );
    }
    const t = await drafts.taxonomy();
    const forms = await Promise.all(waiting.map((d) => liveFormOf(d, t, now)));
    const problems = forms.filter((f): f is string => typeof f === 'string');
    // Two drafts may each have taken a web address no live product uses: only one of them can have it.
    const bySlug = new Map<string, string>();
    forms.forEach((f, i) => {
      if (typeof f === 'string') return;
      const other = bySlug.get(f.product.slug);
      if (other)
        problems.push(`${waiting[i]!.product.name} and ${other} both use the web address "${f.product.slug}". Change one and save.`);
      bySlug.set(f.product.slug, waiting[i]!.product.name);
    });
    if (problems.length) throw badRequest(`Nothing was published. ${problems.join(' ')}`);
    const doc: CataloguePublishDoc = {
      _id: id,
      state: 'applying',
      startedAt: now,
      startedBy: who.by,
      startedByName: who.name,
      products: waiting.map((d) => ({ productId: d.productId, name: d.product.name, version: d.version })),
      deploy: null,
      finishedAt: null,
      message: retry ? 'A retry of the last publish: its changes are live, its pages are rebuilt.' : null,
      queuedBy: null,
      updatedAt: now,
    };
    await repo.insert(doc);
    recorded = true;
    total = waiting.length;
    for (const [i, d] of waiting.entries()) {
      const form = forms[i] as Exclude<(typeof forms)[number], string>;
      await repo.putLive(d._id, d.version, form.product, form.units, d.createdAt);
      applied += 1;
      await repo.touch(id, new Date());
    }
    // This instance's copies of the catalogue go now; other instances' expire within CATALOGUE_CACHE_SECONDS.
    clearCache();
    clearCatalogueList();
    const deploy = await deployer.start(`Catalogue publish ${id.toHexString()}`, now);
    // A build takes minutes: the lock is kept that long (a publish silent past it is reported failed).
    await repo.extendLock(id.toHexString(), new Date(now.getTime() + MAX_PUBLISH_MS));
    const building = { state: 'building' as const, deploy, updatedAt: new Date() };
    if (!(await repo.moveIf(id, 'applying', building))) return { publish: (await repo.findById(id)) ?? doc, queued: false };
    return { publish: { ...doc, ...building }, queued: false };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (recorded) {
      await repo.moveIf(id, 'applying', {
        state: 'failed',
        message: `${applied} of ${products(total)} went live in the shop's data, but the pages were not rebuilt: ${message} Publish again to retry.`,
        finishedAt: new Date(),
        updatedAt: new Date(),
      });
    }
    await repo.releaseLock(id.toHexString());
    if (err instanceof AppError) throw err;
    throw new AppError(502, `Publishing failed: ${message}`);
  }
}

/** Publishing the catalogue from the back office (editors and admins). */
export const cataloguePublishService = {
  /** What is waiting to be published, the publish under way (followed one step), and the log, newest first. */
  async status(origin: string, now = new Date()): Promise<Omit<PublishStatusResponse, 'success'>> {
    const running = await currentRun(origin, now);
    const [waiting, log] = await Promise.all([repo.waitingDrafts(), repo.latest(LOG_LENGTH)]);
    return { pending: waiting.map(pendingOf), running: running ? toPublish(running) : null, log: log.map(toPublish) };
  },

  /**
   * Publish: every saved change goes live and the pages are rebuilt. `shown` is the changes (product and version)
   * the editor was shown; anything else waiting by now is refused, so nothing goes live unseen. While a publish
   * runs, this one is queued behind it.
   */
  async publish(
    user: UserDoc,
    shown: PublishShown,
    origin: string,
    now = new Date(),
  ): Promise<{ publish: CataloguePublish; queued: boolean; message: string }> {
    const { publish, queued } = await startPublish(signature(user), shown, origin, now);
    const message = queued
      ? `${publish.startedByName} started a publish at ${formatIndiaDateTime(publish.startedAt)}; yours goes out as soon as it ends.`
      : `Publishing ${products(publish.products.length)}: the shop's pages are being rebuilt.`;
    return { publish: toPublish(publish), queued, message };
  },
};
