import type { ObjectId } from 'mongodb';
import { collections, type ListingDraftDoc } from '../collections';
import { getDb } from '../db';
import { insertOnce } from './insert-once';
import { draftIdOf } from './catalogue-drafts.repository';

/** A piece in a collection, as its current form (a waiting draft, else the live product) has it. */
export interface ListingMember {
  productId: ObjectId;
  slug: string;
  name: string;
  status: string;
}

/**
 * Collections and subcategories in the back office: their saved drafts (listing_drafts), how many live pieces
 * each holds, which pieces a collection holds counting waiting product drafts, and the write that puts a draft
 * live. The only code that touches those for the editor.
 */
export const listingsRepository = {
  /** Every listing draft (a few dozen at most). */
  async drafts(): Promise<ListingDraftDoc[]> {
    return collections(await getDb())
      .listingDrafts.find()
      .sort({ updatedAt: 1 })
      .toArray();
  },

  /** One draft by id ('<kind>:<hex>'), or null. */
  async draft(id: string): Promise<ListingDraftDoc | null> {
    return collections(await getDb()).listingDrafts.findOne({ _id: id });
  },

  /** Writes the first draft; false when one exists already (someone saved first). */
  async insertDraft(doc: ListingDraftDoc): Promise<boolean> {
    return insertOnce(collections(await getDb()).listingDrafts, doc);
  },

  /** Saves over `version` only if the draft is still at it (of two saves from one version exactly one wins). */
  async saveDraftIf(
    id: string,
    version: number,
    set: Pick<ListingDraftDoc, 'listing' | 'updatedAt' | 'updatedBy' | 'updatedByName'>,
  ): Promise<ListingDraftDoc | null> {
    return collections(await getDb()).listingDrafts.findOneAndUpdate(
      { _id: id, version },
      { $set: set, $inc: { version: 1 } },
      { returnDocument: 'after' },
    );
  },

  /** How many live products each collection and subcategory holds, by their ids (one read of two small fields). */
  async liveCounts(): Promise<Map<string, number>> {
    const rows = await collections(await getDb())
      .products.find({}, { projection: { collectionIds: 1, subcategoryId: 1 } })
      .toArray();
    const counts = new Map<string, number>();
    const bump = (id: ObjectId) => counts.set(id.toHexString(), (counts.get(id.toHexString()) ?? 0) + 1);
    for (const r of rows) {
      r.collectionIds.forEach(bump);
      bump(r.subcategoryId);
    }
    return counts;
  },

  /**
   * The pieces a collection holds as the editors see it now: live products in it without a waiting draft that
   * takes them out, and products whose waiting draft puts them in.
   */
  async collectionMembers(collectionId: ObjectId, slug: string): Promise<ListingMember[]> {
    const c = collections(await getDb());
    const [live, drafted] = await Promise.all([
      c.products.find({ collectionIds: collectionId }, { projection: { slug: 1, name: 1, status: 1 } }).toArray(),
      // Waiting drafts only (few: they go live when published); drafts saved before the flag existed have none.
      c.catalogueDrafts
        .find(
          { $or: [{ waiting: true }, { waiting: { $exists: false } }] },
          {
            projection: {
              productId: 1,
              version: 1,
              publishedVersion: 1,
              'product.collections': 1,
              'product.slug': 1,
              'product.name': 1,
              'product.status': 1,
            },
          },
        )
        .toArray(),
    ]);
    const pending = new Map(drafted.filter((d) => d.version !== (d.publishedVersion ?? 0)).map((d) => [draftIdOf(d.productId), d]));
    const members = new Map<string, ListingMember>();
    for (const p of live) {
      const d = pending.get(draftIdOf(p._id));
      if (d && !d.product.collections.includes(slug)) continue;
      members.set(p._id.toHexString(), {
        productId: p._id,
        slug: p.slug,
        name: d?.product.name ?? p.name,
        status: d?.product.status ?? p.status ?? 'active',
      });
    }
    for (const d of pending.values()) {
      if (!d.product.collections.includes(slug) || members.has(d.productId.toHexString())) continue;
      members.set(d.productId.toHexString(), {
        productId: d.productId,
        slug: d.product.slug ?? '',
        name: d.product.name,
        status: d.product.status ?? 'draft',
      });
    }
    return [...members.values()];
  },

  /**
   * Puts a draft live: the collection's or subcategory's name, description and picture written by its id (its
   * web address and its pieces are not the editor's to change here), then the draft marked published at its
   * version unless a later publish marked more. Idempotent, so a publish that died half-way is finished by the next.
   */
  async putLive(d: ListingDraftDoc): Promise<void> {
    const c = collections(await getDb());
    // The form edits the first picture (the one tiles show); any others a catalogue file gave stay behind it.
    const stored = await (d.kind === 'collection' ? c.collections : c.subcategories).findOne(
      { _id: d.refId },
      { projection: { image: 1 } },
    );
    const rest = (stored?.image ?? []).slice(1).filter((p) => p !== d.listing.image);
    const image = d.listing.image ? [d.listing.image, ...rest] : rest;
    if (d.kind === 'collection') {
      await c.collections.updateOne({ _id: d.refId }, { $set: { name: d.listing.name, description: d.listing.description, image } });
    } else {
      await c.subcategories.updateOne({ _id: d.refId }, { $set: { name: d.listing.name, image } });
    }
    await c.listingDrafts.updateOne(
      { _id: d._id, $or: [{ publishedVersion: { $exists: false } }, { publishedVersion: { $lt: d.version } }] },
      { $set: { publishedVersion: d.version } },
    );
  },
};
