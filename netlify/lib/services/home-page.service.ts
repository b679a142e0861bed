/**
 * The home page in the back office: its banners (with schedules), announcement messages and feature-strip lines,
 * saved as one versioned draft (a save over an older version is refused, naming who saved since) and put live by
 * Publish with the products' drafts. Saving never changes the live shop.
 */
import type { AdminHomePage, BannerPiece, PendingHome } from '@shared/api/catalogue-admin';
import { FEATURE_STRIP } from '@shared/feature-strip';
import type { HomePage } from '@shared/schemas/home-page';
import type { BannerDoc, HeadingDoc, HomeDraftDoc, UserDoc } from '../collections';
import { badRequest } from '../errors';
import { isOnSale, isWaiting, lateSave } from './draft-rules';
import { homePageRepository as repo } from '../repositories/home-page.repository';
import { catalogueDraftsRepository as products, type PieceDoc } from '../repositories/catalogue-drafts.repository';
import { signature } from './catalogue-editor.service';
import { stableId } from './catalogue-ids';
import { bannerFields, imageUrl } from '../repositories/mappers';

/** A piece as the form lists it under the web address the banner names (its own, or one it had before). */
const pieceOf = (slug: string, p: PieceDoc): BannerPiece => ({ id: p._id.toHexString(), slug, name: p.name, onSale: isOnSale(p) });

/** The live pieces the banners name, by the web address named: a piece's current one, or one it had before. */
async function namedPieces(home: HomePage): Promise<Map<string, PieceDoc>> {
  const slugs = [...new Set(home.banners.flatMap((b) => b.products))];
  const found = await products.piecesBySlugs(slugs);
  return new Map(
    slugs.flatMap((s) => {
      const p = found.find((x) => x.slug === s) ?? found.find((x) => x.formerSlugs?.includes(s));
      return p ? [[s, p] as const] : [];
    }),
  );
}

/** The live home page as the form edits it. */
async function liveHome(): Promise<{ home: HomePage; pieces: PieceDoc[] }> {
  const live = await repo.live();
  const pieces = await products.piecesByIds([
    ...new Map(live.banners.flatMap((b) => b.productIds).map((id) => [id.toHexString(), id])).values(),
  ]);
  const slugOf = new Map(pieces.map((p) => [p._id.toHexString(), p.slug]));
  const home: HomePage = {
    banners: live.banners.map((b) => ({
      ...bannerFields(b),
      // A piece removed from the catalogue since is dropped from its banner.
      products: b.productIds.map((id) => slugOf.get(id.toHexString())).filter((s): s is string => s !== undefined),
    })),
    announcements: live.headings.map((h) => ({ message: h.message, isVisible: h.isVisible })),
    // A line the shop has not written stays empty: the page shows the default, which follows the shop's rules
    // (the COD limit), rather than a copy frozen at the first save.
    features: FEATURE_STRIP.map((_, i) => live.featureStrip?.[i] ?? ''),
  };
  return { home, pieces };
}

/** The form's view of a draft (or of the live page, at the draft's version once it is published, else 0). */
async function toPage(home: HomePage, draft: HomeDraftDoc | null, pieces?: PieceDoc[]): Promise<AdminHomePage> {
  const named = pieces ? new Map(pieces.map((p) => [p.slug, p])) : await namedPieces(home);
  return {
    version: draft?.version ?? 0,
    home,
    pieces: [...named].map(([slug, p]) => pieceOf(slug, p)),
    images: Object.fromEntries(home.banners.map((b) => [b.image, imageUrl(b.image)])),
    updatedBy: draft?.updatedByName ?? null,
    updatedAt: draft?.updatedAt.toISOString() ?? null,
    waiting: isWaiting(draft),
  };
}

/** Each banner's pieces that are not in the catalogue, in words; empty when all are. */
function missingPieces(home: HomePage, known: Map<string, PieceDoc>): string[] {
  return home.banners.flatMap((b) =>
    b.products.filter((s) => !known.has(s)).map((s) => `The banner "${b.Heading}" names a piece that is not in the catalogue ("${s}").`),
  );
}

/** The back office's home page: its draft, saves, and what Publish reads and writes of it. */
export const homePageService = {
  /**
   * The saved draft while it waits; else the live page (at the published draft's version, so the next save is
   * checked against it): an import since then is what the form shows, not the draft it replaced.
   */
  async get(): Promise<AdminHomePage> {
    const draft = await repo.draft();
    if (draft && isWaiting(draft)) return toPage(draft.home, draft);
    const live = await liveHome();
    return toPage(live.home, draft, live.pieces);
  },

  /**
   * Saves the page over `version` (0: the first save, from the live page): one conditional update, so of two saves
   * from one version exactly one wins and the other is told who saved and when. A piece a banner names must be in
   * the catalogue.
   */
  async save(user: UserDoc, version: number, home: HomePage, at = new Date()): Promise<AdminHomePage> {
    const pieces = await namedPieces(home);
    const missing = missingPieces(home, pieces);
    if (missing.length) throw badRequest(missing.join(' '));
    const who = signature(user);
    const set = { home, updatedAt: at, updatedBy: who.by, updatedByName: who.name };
    let saved: HomeDraftDoc | null;
    if (version === 0) {
      const doc: HomeDraftDoc = { _id: 'home', version: 1, ...set };
      saved = (await repo.insertDraft(doc)) ? doc : null;
    } else saved = await repo.saveDraftIf(version, set);
    if (!saved) throw lateSave('the home page', await repo.draft());
    return toPage(
      saved.home,
      saved,
      [...pieces].map(([slug, p]) => ({ ...p, slug })),
    );
  },

  /** The draft when it has changes not live yet, else null. */
  async waiting(): Promise<HomeDraftDoc | null> {
    const draft = await repo.draft();
    return draft && isWaiting(draft) ? draft : null;
  },

  /** The live banners, in order (the banner schedule reads their days). */
  liveBanners: async (): Promise<BannerDoc[]> => (await repo.live()).banners,

  /** Puts a waiting draft live as liveFormOf mapped it, as Publish does. */
  putLive: (d: HomeDraftDoc, form: { banners: BannerDoc[]; headings: HeadingDoc[]; featureStrip: string[] }): Promise<void> =>
    repo.putLive(d.version, form.banners, form.headings, form.featureStrip),

  /** A waiting draft as the Publish panel lists it. */
  pendingOf: (d: HomeDraftDoc): PendingHome => ({
    version: d.version,
    banners: d.home.banners.length,
    updatedBy: d.updatedByName,
    updatedAt: d.updatedAt.toISOString(),
  }),

  /**
   * The draft as Publish writes it: banners with their pieces by id (a new banner's id made from its key, as an
   * import makes it), messages by place, the strip's lines; or what stops it going live, in words.
   */
  async liveFormOf(d: HomeDraftDoc): Promise<{ banners: BannerDoc[]; headings: HeadingDoc[]; featureStrip: string[] } | string[]> {
    const pieces = await namedPieces(d.home);
    const missing = missingPieces(d.home, pieces);
    if (missing.length) return missing;
    const idOf = new Map([...pieces].map(([slug, p]) => [slug, p._id]));
    return {
      banners: d.home.banners.map((b, position) => ({
        _id: stableId('banners', b.key),
        ...bannerFields(b),
        productIds: b.products.map((s) => idOf.get(s)!),
        position,
      })),
      headings: d.home.announcements.map((h, position) => ({ _id: stableId('heading', String(position)), ...h, position })),
      featureStrip: d.home.features,
    };
  },
};
