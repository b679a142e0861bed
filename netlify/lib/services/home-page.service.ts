/**
 * The home page in the back office: its banners (with schedules), announcement messages and feature-strip lines,
 * saved as one versioned draft (a save over an older version is refused, naming who saved since) and put live by
 * Publish with the products' drafts. Saving never changes the live shop.
 */
import type { AdminHomePage, BannerPiece, PendingHome } from '@shared/api/catalogue-admin';
import { featureStripTexts } from '@shared/feature-strip';
import { formatIndiaDateTime } from '@shared/india-time';
import type { HomePage } from '@shared/schemas/home-page';
import type { BannerDoc, HeadingDoc, HomeDraftDoc, UserDoc } from '../collections';
import { badRequest, conflict } from '../errors';
import { homePageRepository as repo } from '../repositories/home-page.repository';
import { catalogueDraftsRepository as products, type PieceDoc } from '../repositories/catalogue-drafts.repository';
import { signature } from './catalogue-editor.service';
import { stableId } from './catalogue-ids';
import { imageUrl } from '../repositories/mappers';

const onSale = (p: PieceDoc) => (p.status ?? 'active') === 'active';
const pieceOf = (p: PieceDoc): BannerPiece => ({ slug: p.slug, name: p.name, onSale: onSale(p) });

/** The live home page as the form edits it. */
async function liveHome(): Promise<{ home: HomePage; pieces: PieceDoc[] }> {
  const live = await repo.live();
  const pieces = await products.piecesByIds([
    ...new Map(live.banners.flatMap((b) => b.productIds).map((id) => [id.toHexString(), id])).values(),
  ]);
  const slugOf = new Map(pieces.map((p) => [p._id.toHexString(), p.slug]));
  const home: HomePage = {
    banners: live.banners.map((b) => ({
      key: b.key,
      type: b.type,
      status: b.status,
      imageType: b.imageType,
      image: b.image,
      Heading: b.Heading,
      URL: b.URL,
      // A piece removed from the catalogue since is dropped from its banner.
      products: b.productIds.map((id) => slugOf.get(id.toHexString())).filter((s): s is string => s !== undefined),
      ...(b.startsOn ? { startsOn: b.startsOn } : {}),
      ...(b.endsOn ? { endsOn: b.endsOn } : {}),
    })),
    announcements: live.headings.map((h) => ({ message: h.message, isVisible: h.isVisible })),
    features: featureStripTexts(live.featureStrip),
  };
  return { home, pieces };
}

/** Every web address the banners name, once each. */
const namedSlugs = (home: HomePage) => [...new Set(home.banners.flatMap((b) => b.products))];

/** The form's view of a draft (or the live page at version 0). */
async function toPage(home: HomePage, draft: HomeDraftDoc | null, pieces?: PieceDoc[]): Promise<AdminHomePage> {
  const named = pieces ?? (await products.piecesBySlugs(namedSlugs(home)));
  return {
    version: draft?.version ?? 0,
    home,
    pieces: named.map(pieceOf),
    images: Object.fromEntries(home.banners.map((b) => [b.image, imageUrl(b.image)])),
    updatedBy: draft?.updatedByName ?? null,
    updatedAt: draft?.updatedAt.toISOString() ?? null,
    waiting: draft ? draft.version !== (draft.publishedVersion ?? 0) : false,
  };
}

/** Each banner's pieces that are not in the catalogue, in words; empty when all are. */
function missingPieces(home: HomePage, known: PieceDoc[]): string[] {
  const slugs = new Set(known.map((p) => p.slug));
  return home.banners.flatMap((b) =>
    b.products.filter((s) => !slugs.has(s)).map((s) => `The banner "${b.Heading}" names a piece that is not in the catalogue ("${s}").`),
  );
}

/** The 409 of a save that came too late: who saved since, and when. */
function staleSave(current: HomeDraftDoc | null) {
  const who = current
    ? `${current.updatedByName || 'Someone'} saved the home page at ${formatIndiaDateTime(current.updatedAt)}`
    : 'Someone saved the home page';
  return conflict(`${who}, after you opened it. Reload it to see their changes, then make yours again.`);
}

/** The back office's home page: its draft, saves, and what Publish reads and writes of it. */
export const homePageService = {
  /** The saved draft, or the live page at version 0. */
  async get(): Promise<AdminHomePage> {
    const draft = await repo.draft();
    if (draft) return toPage(draft.home, draft);
    const live = await liveHome();
    return toPage(live.home, null, live.pieces);
  },

  /**
   * Saves the page over `version` (0: the first save, from the live page): one conditional update, so of two saves
   * from one version exactly one wins and the other is told who saved and when. A piece a banner names must be in
   * the catalogue.
   */
  async save(user: UserDoc, version: number, home: HomePage, at = new Date()): Promise<AdminHomePage> {
    const pieces = await products.piecesBySlugs(namedSlugs(home));
    const missing = missingPieces(home, pieces);
    if (missing.length) throw badRequest(missing.join(' '));
    const who = signature(user);
    const set = { home, updatedAt: at, updatedBy: who.by, updatedByName: who.name };
    let saved: HomeDraftDoc | null;
    if (version === 0) {
      const doc: HomeDraftDoc = { _id: 'home', version: 1, ...set };
      saved = (await repo.insertDraft(doc)) ? doc : null;
    } else saved = await repo.saveDraftIf(version, set);
    if (!saved) throw staleSave(await repo.draft());
    return toPage(saved.home, saved, pieces);
  },

  /** The draft when it has changes not live yet, else null. */
  async waiting(): Promise<HomeDraftDoc | null> {
    const draft = await repo.draft();
    return draft && draft.version !== (draft.publishedVersion ?? 0) ? draft : null;
  },

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
    const pieces = await products.piecesBySlugs(namedSlugs(d.home));
    const missing = missingPieces(d.home, pieces);
    if (missing.length) return missing;
    const idOf = new Map(pieces.map((p) => [p.slug, p._id]));
    return {
      banners: d.home.banners.map((b, position) => ({
        _id: stableId('banners', b.key),
        key: b.key,
        type: b.type,
        status: b.status,
        imageType: b.imageType,
        image: b.image,
        Heading: b.Heading,
        URL: b.URL,
        productIds: b.products.map((s) => idOf.get(s)!),
        position,
        ...(b.startsOn ? { startsOn: b.startsOn } : {}),
        ...(b.endsOn ? { endsOn: b.endsOn } : {}),
      })),
      headings: d.home.announcements.map((h, position) => ({ _id: stableId('heading', String(position)), ...h, position })),
      featureStrip: d.home.features,
    };
  },
};
