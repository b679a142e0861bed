import { ObjectId } from 'mongodb';
import { collections, type ProductDoc } from '../collections';
import { getDb } from '../db';

/** The facts an order is priced and held from, read live from the products collection. */
export type SellableProduct = Pick<ProductDoc, '_id' | 'name' | 'slug' | 'price' | 'discountPrice' | 'stock' | 'thumbnail' | 'image'>;

/** How a stock take ended: taken, refused for want of stock, or unknown (the database did not answer). */
export type TakeOutcome = 'taken' | 'short' | { unknown: unknown };

/** The three buckets that hold take marks; the one a take writes depends on the minute. */
type HoldBucket = 'holds0' | 'holds1' | 'holds2';
const bucketOf = (at: Date): HoldBucket => `holds${Math.floor(at.getTime() / 60_000) % 3}` as HoldBucket;
const nextBucketOf = (at: Date): HoldBucket => bucketOf(new Date(at.getTime() + 60_000));

/** What a void mark looks like: written by settleUnknownTake, it stops a delayed take of the same key from ever applying. */
const voidMark = (key: string) => `void:${key}`;

/**
 * Stock: read for pricing, taken and returned only by conditional single-document updates, which is what
 * keeps 200 buyers of 5 units to exactly 5 sales.
 */
export const inventoryRepository = {
  /** The products with these ids that exist (point reads, one per id, in parallel). */
  async sellable(ids: string[]): Promise<SellableProduct[]> {
    const c = collections(await getDb());
    const projection = { name: 1, slug: 1, price: 1, discountPrice: 1, stock: 1, thumbnail: 1, image: 1 } as const;
    const docs = await Promise.all(ids.map((id) => c.products.findOne({ _id: new ObjectId(id) }, { projection })));
    return docs.filter((d) => d !== null) as SellableProduct[];
  },

  /**
   * Takes `quantity` pieces if at least that many are in stock, in one conditional update that also leaves a
   * mark (`key`) in this minute's bucket and empties next minute's. The mark is what makes a lost reply
   * decidable: settleUnknownTake finds it (the take happened) or voids it (it never will). Marks live one to
   * two minutes, so a product's document holds only the takes of the last two minutes, with no extra write.
   */
  async take(productId: ObjectId, quantity: number, key: string, at = new Date()): Promise<TakeOutcome> {
    const bucket = bucketOf(at);
    try {
      const c = collections(await getDb());
      const r = await c.products.updateOne(
        { _id: productId, stock: { $gte: quantity }, [bucket]: { $ne: voidMark(key) } },
        { $inc: { stock: -quantity }, $push: { [bucket]: key }, $set: { [nextBucketOf(at)]: [] } },
      );
      return r.modifiedCount === 1 ? 'taken' : 'short';
    } catch (err) {
      return { unknown: err };
    }
  },

  /**
   * Decides a take whose outcome is unknown (its reply was lost): one update voids its key in the bucket the
   * take wrote to, so a take still on its way can no longer apply, and returns the document as it was just
   * before, which shows whether the take had happened. Gives the pieces back if it had. Returns whether
   * pieces were given back; throws if the database still does not answer.
   */
  async settleUnknownTake(productId: ObjectId, quantity: number, key: string, at: Date): Promise<boolean> {
    const bucket = bucketOf(at);
    const c = collections(await getDb());
    const before = await c.products.findOneAndUpdate(
      { _id: productId },
      { $push: { [bucket]: voidMark(key) } },
      // No projection: FerretDB v1 does not implement one on findAndModify.
      { returnDocument: 'before' },
    );
    const taken = Boolean(before?.[bucket]?.includes(key));
    if (taken) await c.products.updateOne({ _id: productId }, { $inc: { stock: quantity } });
    return taken;
  },

  /**
   * Takes pieces whatever the stock, which may then go negative: only for a payment that already succeeded
   * after its hold had lapsed, so the sale is kept and an admin sees the shortfall.
   */
  async takeRegardless(productId: ObjectId, quantity: number): Promise<void> {
    const c = collections(await getDb());
    await c.products.updateOne({ _id: productId }, { $inc: { stock: -quantity } });
  },

  /** Gives pieces back. Callers make sure this happens once per hold (an order's stock state flips once). */
  async giveBack(productId: ObjectId, quantity: number): Promise<void> {
    const c = collections(await getDb());
    await c.products.updateOne({ _id: productId }, { $inc: { stock: quantity } });
  },

  /** Current stock of one product (for the message of a refused order). */
  async stockOf(productId: ObjectId): Promise<number> {
    const c = collections(await getDb());
    return (await c.products.findOne({ _id: productId }, { projection: { stock: 1 } }))?.stock ?? 0;
  },
};
