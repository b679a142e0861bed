import { ObjectId } from 'mongodb';
import { collections, type ProductDoc } from '../collections';
import { getDb } from '../db';

/** The facts an order is priced and held from, read live from the products collection. */
export type SellableProduct = Pick<ProductDoc, '_id' | 'name' | 'slug' | 'price' | 'discountPrice' | 'stock' | 'thumbnail' | 'image'>;

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

  /** Takes `quantity` pieces if at least that many are in stock; false (and nothing changed) otherwise. */
  async take(productId: ObjectId, quantity: number): Promise<boolean> {
    const c = collections(await getDb());
    const r = await c.products.updateOne({ _id: productId, stock: { $gte: quantity } }, { $inc: { stock: -quantity } });
    return r.modifiedCount === 1;
  },

  /**
   * Takes pieces whatever the stock, which may then go negative: only for a payment that already succeeded
   * after its hold had lapsed, so the sale is kept and an admin sees the shortfall.
   */
  async takeRegardless(productId: ObjectId, quantity: number): Promise<void> {
    const c = collections(await getDb());
    await c.products.updateOne({ _id: productId }, { $inc: { stock: -quantity } });
  },

  /** Gives pieces back. Callers make sure this happens once per hold (see ordersRepository.markStockReturned). */
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
