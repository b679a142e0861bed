/**
 * Collections and subcategories in the back office: their names, descriptions and pictures saved as versioned
 * drafts (a save over an older version is refused, naming who saved since), put live by Publish with the rest.
 * Which pieces a collection holds is each piece's own Collections field: putting one in or taking it out saves
 * that piece's draft through the product editor, so a piece's form and its collections never disagree.
 */
import type { ObjectId } from 'mongodb';
import type { AdminListing, AdminListingRow, PendingListing } from '@shared/api/catalogue-admin';
import type { Listing, ListingKind } from '@shared/schemas/listings';
import type { CollectionDoc, ListingDraftDoc, SubcategoryDoc, UserDoc } from '../collections';
import { AppError, badRequest, notFound } from '../errors';
import { isOnSale, isWaiting, lateSave } from './draft-rules';
import { catalogueDraftsRepository } from '../repositories/catalogue-drafts.repository';
import { listingsRepository as repo, type ListingMember } from '../repositories/listings.repository';
import { imageUrl } from '../repositories/mappers';
import { catalogueEditorService, signature } from './catalogue-editor.service';

/** The draft id of a collection or subcategory ('<kind>:<id>'). */
const listingDraftId = (kind: ListingKind, id: ObjectId) => `${kind}:${id.toHexString()}`;

/** The live collection or subcategory by id (the function has checked its shape); 404 when there is none. */
async function liveOf(kind: ListingKind, id: string): Promise<CollectionDoc | SubcategoryDoc> {
  const t = await catalogueDraftsRepository.taxonomy();
  const found = (kind === 'collection' ? t.collections : t.subcategories).find((x) => x._id.toHexString() === id);
  if (!found) throw notFound(kind === 'collection' ? 'Collection' : 'Subcategory');
  return found;
}

/** The live fields as the form edits them. */
const listingOf = (live: CollectionDoc | SubcategoryDoc): Listing => ({
  name: live.name,
  description: 'description' in live ? live.description : '',
  image: live.image[0] ?? '',
});

const pieceOf = (m: ListingMember) => ({ id: m.productId.toHexString(), slug: m.slug, name: m.name, onSale: isOnSale(m) });

/**
 * The form's view and, for a collection, its pieces: the draft while it waits; else the live fields (at the published
 * draft's version, so the next save is checked against it), so an import since then is what the form shows.
 */
async function toListing(kind: ListingKind, live: CollectionDoc | SubcategoryDoc, draft: ListingDraftDoc | null): Promise<AdminListing> {
  const listing = draft && isWaiting(draft) ? draft.listing : listingOf(live);
  const pieces = kind === 'collection' ? (await repo.collectionMembers(live._id, live.slug)).map(pieceOf) : [];
  return {
    id: live._id.toHexString(),
    kind,
    slug: live.slug,
    version: draft?.version ?? 0,
    listing,
    imageUrl: listing.image ? imageUrl(listing.image) : null,
    pieces: pieces.sort((a, b) => a.name.localeCompare(b.name)),
    updatedBy: draft?.updatedByName ?? null,
    updatedAt: draft?.updatedAt.toISOString() ?? null,
    waiting: isWaiting(draft),
  };
}

/** The back office's collections and subcategories. */
export const listingsService = {
  /** Every collection and subcategory with its live pieces counted and whether changes wait. */
  async list(): Promise<{ collections: AdminListingRow[]; subcategories: AdminListingRow[] }> {
    const [t, counts, drafts] = await Promise.all([catalogueDraftsRepository.taxonomy(), repo.liveCounts(), repo.drafts()]);
    const byId = new Map(drafts.map((d) => [d._id, d]));
    const row =
      (kind: ListingKind) =>
      (x: CollectionDoc | SubcategoryDoc): AdminListingRow => {
        const draft = byId.get(listingDraftId(kind, x._id)) ?? null;
        return {
          id: x._id.toHexString(),
          kind,
          slug: x.slug,
          name: draft && isWaiting(draft) ? draft.listing.name : x.name,
          pieces: counts.get(x._id.toHexString()) ?? 0,
          waiting: isWaiting(draft),
        };
      };
    return { collections: t.collections.map(row('collection')), subcategories: t.subcategories.map(row('subcategory')) };
  },

  /** One collection or subcategory as its form edits it. */
  async get(kind: ListingKind, id: string): Promise<AdminListing> {
    const live = await liveOf(kind, id);
    return toListing(kind, live, await repo.draft(listingDraftId(kind, live._id)));
  },

  /** Saves the fields over `version` (0: the first save): one conditional update; a late save is told who and when. */
  async save(user: UserDoc, kind: ListingKind, id: string, version: number, listing: Listing, at = new Date()): Promise<AdminListing> {
    const live = await liveOf(kind, id);
    // A subcategory has no description anywhere in the shop: none is kept.
    const fields = kind === 'subcategory' ? { ...listing, description: '' } : listing;
    const draftId = listingDraftId(kind, live._id);
    const who = signature(user);
    const set = { listing: fields, updatedAt: at, updatedBy: who.by, updatedByName: who.name };
    let saved: ListingDraftDoc | null;
    if (version === 0) {
      const doc: ListingDraftDoc = { _id: draftId, kind, refId: live._id, version: 1, ...set };
      saved = (await repo.insertDraft(doc)) ? doc : null;
    } else saved = await repo.saveDraftIf(draftId, version, set);
    if (!saved) throw lateSave(live.name, await repo.draft(draftId));
    return toListing(kind, live, saved);
  },

  /**
   * Puts a piece in a collection or takes it out by saving the piece's draft (its Collections field) over its
   * version now, through the product editor's own save: checked, versioned, refused if someone saved it meanwhile.
   */
  async setPiece(user: UserDoc, id: string, productId: string, add: boolean): Promise<{ listing: AdminListing; message: string }> {
    const live = await liveOf('collection', id);
    // By id: a piece not live yet (only a draft) can be put in or taken out too.
    const draft = await catalogueEditorService.get(productId).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) throw badRequest('That piece is not in the catalogue.');
      throw err;
    });
    const has = draft.product.collections.includes(live.slug);
    if (has !== add) {
      const collections = add ? [...draft.product.collections, live.slug] : draft.product.collections.filter((c) => c !== live.slug);
      await catalogueEditorService.save(user, productId, draft.version, { ...draft.product, collections });
    }
    const name = draft.product.name;
    const message = add
      ? `${name} is in ${live.name} once published (saved in ${name}’s draft).`
      : `${name} leaves ${live.name} once published (saved in ${name}’s draft).`;
    return { listing: await toListing('collection', live, await repo.draft(listingDraftId('collection', live._id))), message };
  },

  /** Drafts with changes not live yet. */
  async waiting(): Promise<ListingDraftDoc[]> {
    return (await repo.drafts()).filter(isWaiting);
  },

  /** A waiting draft as the Publish panel lists it. */
  pendingOf: (d: ListingDraftDoc): PendingListing => ({ id: d._id, kind: d.kind, version: d.version, name: d.listing.name }),

  /** What stops a waiting draft going live, in words (its collection or subcategory was removed since), or null. */
  async problemOf(d: ListingDraftDoc): Promise<string | null> {
    const t = await catalogueDraftsRepository.taxonomy();
    const all = d.kind === 'collection' ? t.collections : t.subcategories;
    return all.some((x) => x._id.equals(d.refId)) ? null : `${d.listing.name} is no longer in the catalogue.`;
  },

  /** Puts a waiting draft live (its name, description and picture), as Publish does. */
  putLive: (d: ListingDraftDoc): Promise<void> => repo.putLive(d),
};
