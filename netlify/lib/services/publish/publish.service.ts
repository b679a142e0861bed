/**
 * Publish: puts every saved draft live, then has the shop's pages rebuilt and follows that deploy until it is live
 * or failed. One publish runs at a time (a lock in the database, not in memory: functions run on many instances);
 * pressing Publish while one runs queues the changes saved meanwhile to go out right after it. Every publish is
 * logged: who, when, which products, and how it ended.
 */
import { ObjectId } from 'mongodb';
import type { CataloguePublish, PendingProduct, PublishStatusResponse } from '@shared/api/catalogue-admin';
import { productCount as products, publishedWhat } from '@shared/labels';
import type { PublishRequest } from '@shared/schemas/catalogue-admin';
import { formatIndiaDateTime } from '@shared/india-time';
import { scheduleBoundaries } from '@shared/banner-schedule';
import { clearCache } from '../../cache';
import { type CatalogueDraftDoc, type CataloguePublishDoc, type HomeDraftDoc, type ListingDraftDoc, type UserDoc } from '../../collections';
import { AppError, badRequest, conflict } from '../../errors';
import { catalogueDraftsRepository as drafts } from '../../repositories/catalogue-drafts.repository';
import { cataloguePublishRepository as repo } from '../../repositories/catalogue-publish.repository';
import { clearCatalogueList, signature } from '../catalogue-editor.service';
import { deployerFor, type DeployCheck, type Deployer } from './deploys';
import { liveFormOf } from '../catalogue-live-form';
import { homePageService } from '../home-page.service';
import { listingsService } from '../listings.service';

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
    home: d.home ? { banners: d.home.banners } : null,
    listings: (d.listings ?? []).map((l) => ({ id: l.draftId, name: l.name })),
    reason: d.reason ?? null,
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

/**
 * Whether the drafts waiting (products, collections and subcategories, the home page) are exactly the ones, at the
 * versions, the editor was shown.
 */
const asShown = (waiting: CatalogueDraftDoc[], listings: ListingDraftDoc[], home: HomeDraftDoc | null, shown: PublishRequest) =>
  (home?.version ?? null) === shown.home &&
  listings.length === shown.listings.length &&
  listings.every((d) => shown.listings.some((s) => s.id === d._id && s.version === d.version)) &&
  waiting.length === shown.products.length &&
  waiting.every((d) => shown.products.some((s) => s.id === d.productId.toHexString() && s.version === d.version));

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

/**
 * Starts the deploy of a publish whose changes are live in the data (it holds the lock, state 'applying'), keeps
 * the lock for a build's time and marks it 'building'; answers the publish as stored.
 */
async function startDeploy(doc: CataloguePublishDoc, deployer: Deployer, now: Date): Promise<CataloguePublishDoc> {
  // This instance's copies of the catalogue go now; other instances' expire within CATALOGUE_CACHE_SECONDS.
  clearCache();
  clearCatalogueList();
  const deploy = await deployer.start(`Catalogue publish ${doc._id.toHexString()}`, now);
  // A build takes minutes: the lock is kept that long (a publish silent past it is reported failed).
  await repo.extendLock(doc._id.toHexString(), new Date(now.getTime() + MAX_PUBLISH_MS));
  const building = { state: 'building' as const, deploy, updatedAt: new Date() };
  if (!(await repo.moveIf(doc._id, 'applying', building))) return (await repo.findById(doc._id)) ?? doc;
  return { ...doc, ...building };
}

/** A publish as it starts, putting its changes live ('applying'), in `who`'s name. */
function newPublish(
  id: ObjectId,
  who: Signer,
  now: Date,
  parts: Pick<CataloguePublishDoc, 'products' | 'home' | 'listings' | 'message'> & { reason?: string },
): CataloguePublishDoc {
  return {
    _id: id,
    state: 'applying',
    startedAt: now,
    startedBy: who.by,
    startedByName: who.name,
    deploy: null,
    finishedAt: null,
    queuedBy: null,
    updatedAt: now,
    ...parts,
  };
}

/** Records a publish that failed before its deploy started (`message` null: it was never recorded), and lets the lock go. */
async function failWhileApplying(id: ObjectId, message: string | null): Promise<void> {
  if (message !== null) await repo.moveIf(id, 'applying', { state: 'failed', message, finishedAt: new Date(), updatedAt: new Date() });
  await repo.releaseLock(id.toHexString());
}

/**
 * Rebuilds the pages, putting nothing live, for `reason` (a banner's schedule starting or ending), in the name of
 * `who`. Only when no publish holds the lock: a running one's build, or the next look, covers it. Answers the
 * publish started, or null.
 */
async function rebuildPages(who: Signer, reason: string, origin: string, now: Date): Promise<CataloguePublishDoc | null> {
  const deployer = deployerFor(origin);
  await deployer.preflight();
  const id = new ObjectId();
  if (!(await repo.claimLock(id.toHexString(), now, new Date(now.getTime() + APPLY_STALE_MS)))) return null;
  const doc = newPublish(id, who, now, { products: [], home: null, listings: [], reason, message: null });
  try {
    await repo.insert(doc);
    return await startDeploy(doc, deployer, now);
  } catch (err) {
    await failWhileApplying(id, `${reason} The pages were not rebuilt: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
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
  shown: PublishRequest | null,
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
    const [waiting, listings, home, latest] = await Promise.all([
      repo.waitingDrafts(),
      listingsService.waiting(),
      homePageService.waiting(),
      repo.latest(1),
    ]);
    const nothingWaits = waiting.length === 0 && listings.length === 0 && !home;
    // With nothing waiting, Publish retries a publish whose deploy failed (its drafts are live, its pages are not).
    const retry = nothingWaits && latest[0]?.state === 'failed';
    if (nothingWaits && !retry) throw conflict('Nothing to publish: every saved change is live.');
    if (shown !== null && !asShown(waiting, listings, home, shown)) {
      throw conflict(
        `The changes waiting are not the ones you were shown (${publishedWhat({ products: waiting.length, home: home !== null, listings: listings.map(listingsService.pendingOf) })} now): someone saved meanwhile. Check the list, then publish again.`,
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
    const homeForm = home ? await homePageService.liveFormOf(home) : null;
    if (Array.isArray(homeForm)) problems.push(...homeForm);
    for (const d of listings) {
      const problem = await listingsService.problemOf(d);
      if (problem) problems.push(problem);
    }
    if (problems.length) throw badRequest(`Nothing was published. ${problems.join(' ')}`);
    const doc = newPublish(id, who, now, {
      products: waiting.map((d) => ({ productId: d.productId, name: d.product.name, version: d.version })),
      home: home ? { version: home.version, banners: home.home.banners.length } : null,
      listings: listings.map((d) => ({ draftId: d._id, name: d.listing.name, version: d.version })),
      message: retry ? 'A retry of the last publish: its changes are live, its pages are rebuilt.' : null,
    });
    await repo.insert(doc);
    recorded = true;
    total = waiting.length;
    for (const [i, d] of waiting.entries()) {
      const form = forms[i] as Exclude<(typeof forms)[number], string>;
      await repo.putLive(d._id, d.version, form.product, form.units, d.createdAt);
      applied += 1;
      await repo.touch(id, new Date());
    }
    for (const d of listings) {
      await listingsService.putLive(d);
      await repo.touch(id, new Date());
    }
    if (home && homeForm && !Array.isArray(homeForm)) {
      await homePageService.putLive(home, homeForm);
      await repo.touch(id, new Date());
    }
    return { publish: await startDeploy(doc, deployer, now), queued: false };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const done = total ? `${applied} of ${products(total)}` : 'The changes';
    await failWhileApplying(
      id,
      recorded ? `${done} went live in the shop's data, but the pages were not rebuilt: ${message} Publish again to retry.` : null,
    );
    if (err instanceof AppError) throw err;
    throw new AppError(502, `Publishing failed: ${message}`);
  }
}

/** Publishing the catalogue from the back office (editors and admins). */
export const cataloguePublishService = {
  /**
   * The banner schedule's hourly look: when a live banner started or stopped showing since the last rebuild began
   * (or, with none logged, within the last `lookBackMs`), the pages are rebuilt so the home page shows it or stops
   * showing it. Saved drafts are not put live by it. Answers what it did, for the log.
   */
  async rebuildForBannerSchedule(origin: string, now = new Date(), lookBackMs = 60 * 60_000): Promise<string> {
    // A publish that failed rebuilt nothing: a boundary since the last rebuild is still to be covered.
    const since = (await repo.lastRebuildStart()) ?? new Date(now.getTime() - lookBackMs);
    const banners = await homePageService.liveBanners();
    const passed = banners.filter((b) => b.status === 'active' && scheduleBoundaries([b]).some((t) => t > since && t <= now));
    if (!passed.length) return 'No banner started or ended since the pages were last rebuilt.';
    const reason = `Banner schedule: ${passed.map((b) => `"${b.Heading}"`).join(', ')} ${passed.length === 1 ? 'starts or ends' : 'start or end'}.`;
    const started = await rebuildPages({ by: 'schedule', name: 'Banner schedule' }, reason, origin, now);
    return started ? `${reason} Rebuilding the pages.` : `${reason} A publish is under way; the next look rebuilds if it began too early.`;
  },

  /** What is waiting to be published, the publish under way (followed one step), and the log, newest first. */
  async status(origin: string, now = new Date()): Promise<Omit<PublishStatusResponse, 'success'>> {
    const running = await currentRun(origin, now);
    const [waiting, listingsNow, home, log] = await Promise.all([
      repo.waitingDrafts(),
      listingsService.waiting(),
      homePageService.waiting(),
      repo.latest(LOG_LENGTH),
    ]);
    return {
      pending: waiting.map(pendingOf),
      home: home ? homePageService.pendingOf(home) : null,
      listings: listingsNow.map(listingsService.pendingOf),
      running: running ? toPublish(running) : null,
      log: log.map(toPublish),
    };
  },

  /**
   * Publish: every saved change goes live and the pages are rebuilt. `shown` is the changes (products and versions,
   * the home page's version) the editor was shown; anything else waiting by now is refused, so nothing goes live
   * unseen. While a publish runs, this one is queued behind it.
   */
  async publish(
    user: UserDoc,
    shown: PublishRequest,
    origin: string,
    now = new Date(),
  ): Promise<{ publish: CataloguePublish; queued: boolean; message: string }> {
    const { publish, queued } = await startPublish(signature(user), shown, origin, now);
    const message = queued
      ? `${publish.startedByName} started a publish at ${formatIndiaDateTime(publish.startedAt)}; yours goes out as soon as it ends.`
      : `Publishing ${publishedWhat({ products: publish.products.length, home: Boolean(publish.home), listings: (publish.listings ?? []).map((l) => ({ id: l.draftId })) })}: the shop's pages are being rebuilt.`;
    return { publish: toPublish(publish), queued, message };
  },
};
