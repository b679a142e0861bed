import { collections, type BannerDoc, type HeadingDoc, type HomeDraftDoc } from '../collections';
import { getDb } from '../db';
import { insertOnce } from './insert-once';

/**
 * The home page in the back office: its saved draft (home_drafts, one document) and the live banners, announcement
 * messages and feature-strip lines it is edited from and published to. The only code that touches those for it.
 */
export const homePageRepository = {
  /** The saved draft, or null when nobody has saved one. */
  async draft(): Promise<HomeDraftDoc | null> {
    return collections(await getDb()).homeDrafts.findOne({ _id: 'home' });
  },

  /** Writes the first draft; false when one exists already (someone saved first). */
  async insertDraft(doc: HomeDraftDoc): Promise<boolean> {
    return insertOnce(collections(await getDb()).homeDrafts, doc);
  },

  /** Saves over `version` only if the draft is still at it (of two saves from one version exactly one wins). */
  async saveDraftIf(
    version: number,
    set: Pick<HomeDraftDoc, 'home' | 'updatedAt' | 'updatedBy' | 'updatedByName'>,
  ): Promise<HomeDraftDoc | null> {
    return collections(await getDb()).homeDrafts.findOneAndUpdate(
      { _id: 'home', version },
      { $set: set, $inc: { version: 1 } },
      { returnDocument: 'after' },
    );
  },

  /** The live banners (in order), announcement messages (in order) and the feature strip's stored lines. */
  async live(): Promise<{ banners: BannerDoc[]; headings: HeadingDoc[]; featureStrip: string[] | null }> {
    const c = collections(await getDb());
    const [banners, headings, settings] = await Promise.all([
      c.banners.find().sort({ position: 1 }).toArray(),
      c.headings.find().sort({ position: 1 }).toArray(),
      c.settings.findOne({ _id: 'shop' }, { projection: { featureStrip: 1 } }),
    ]);
    return { banners, headings, featureStrip: settings?.featureStrip ?? null };
  },

  /**
   * Puts the home page live: each banner written by its key (a new one with its id), banners no longer on the page
   * removed, the announcement messages by their place, the feature strip's lines, then the draft marked published
   * at `version` unless a later publish marked more. Every write is idempotent, so a publish that died half-way is
   * finished by the next one.
   */
  async putLive(version: number, banners: BannerDoc[], headings: HeadingDoc[], featureStrip: string[]): Promise<void> {
    const c = collections(await getDb());
    for (const b of banners) {
      const { _id, startsOn, endsOn, ...rest } = b;
      const unset = { ...(startsOn ? {} : { startsOn: '' }), ...(endsOn ? {} : { endsOn: '' }) } as Record<string, ''>;
      await c.banners.updateOne(
        { key: b.key },
        {
          $set: { ...rest, ...(startsOn ? { startsOn } : {}), ...(endsOn ? { endsOn } : {}) },
          $setOnInsert: { _id },
          ...(Object.keys(unset).length ? { $unset: unset } : {}),
        },
        { upsert: true },
      );
    }
    await c.banners.deleteMany({ key: { $nin: banners.map((b) => b.key) } });
    for (const h of headings) {
      const { _id, ...rest } = h;
      await c.headings.updateOne({ _id }, { $set: rest }, { upsert: true });
    }
    await c.headings.deleteMany({ _id: { $nin: headings.map((h) => h._id) } });
    await c.settings.updateOne({ _id: 'shop' }, { $set: { featureStrip } });
    await c.homeDrafts.updateOne(
      { _id: 'home', $or: [{ publishedVersion: { $exists: false } }, { publishedVersion: { $lt: version } }] },
      { $set: { publishedVersion: version } },
    );
  },
};
