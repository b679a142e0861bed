/**
 * Sizes: a product sold in sizes has one unit of stock per size, priced as the size sells; the catalogue and
 * live availability answer them, the checkout takes a size's stock with one conditional update (never another
 * size's), and an order line keeps its size.
 */
import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { makeCatalogue, makeProduct, defaultProducts } from '../fixtures/catalogue';
import { checkoutRequest, makeShopper } from '../fixtures/shoppers';
import { codOrderBody, type PlacedLine } from '../fixtures/placed-orders';
import { setStock as setStockIn, stockOf as stockIn } from '../fixtures/stock';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { readCatalogueCsv } from '../../scripts/lib/catalogue-csv';
import orderCheckout from '@functions/order_checkout';
import getProducts from '@functions/get_products';
import availability from '@functions/product_availability';
import cancelOrder from '@functions/cancel_order';

const { uri, name } = setupTestDatabase();
process.env.CATALOGUE_CACHE_SECONDS = '0';
let client: MongoClient;
const idOf = (slug: string) => stableId('products', slug).toHexString();
const stockOf = (slug: string, size?: string) => stockIn(client.db(name), slug, size);
const setStock = (slug: string, stock: number, size?: string) => setStockIn(client.db(name), slug, stock, size);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  const catalogue = makeCatalogue([
    ...defaultProducts(),
    makeProduct({
      slug: 'solitaire-ring',
      name: 'Solitaire Ring',
      price: 2000,
      discountPrice: 1800,
      stock: undefined,
      sizes: {
        guide: 'ring',
        values: [
          { value: '10', stock: 3 },
          { value: '12', stock: 5 },
          // A larger size costs more (and so carries its own price, without the product's discount).
          { value: '14', stock: 0, price: 2200 },
        ],
      },
    }),
    makeProduct({
      slug: 'box-chain',
      name: 'Box Chain',
      price: 999,
      stock: undefined,
      sizes: {
        guide: 'length',
        values: [
          { value: '16 in', stock: 4 },
          { value: '18 in', stock: 4, price: 1099 },
        ],
      },
    }),
  ]);
  const report = await importCatalogue(catalogue, { overwriteStock: true });
  expect(report.errors).toEqual([]);
  return () => client.close();
});

/** A COD order payload of some lines (each a product, a size and a quantity) at the prices shown. */
const cod = (lines: PlacedLine[]) => codOrderBody(lines);

describe('the catalogue of a product sold in sizes', () => {
  it('answers each size with its price and stock, the product’s stock as their total, and live availability per size', async () => {
    const r = await call(getProducts, '/api/getProducts/solitaire-ring');
    expect(r.body.products).toMatchObject({
      name: 'Solitaire Ring',
      price: 2000,
      discountPrice: 1800,
      stock: 8,
      sizes: {
        name: 'Ring size',
        guide: 'ring',
        values: [
          { value: '10', price: 2000, discountPrice: 1800, stock: 3 },
          { value: '12', price: 2000, discountPrice: 1800, stock: 5 },
          { value: '14', price: 2200, discountPrice: null, stock: 0 },
        ],
      },
    });
    const live = await call(availability, `/api/product-availability?ids=${idOf('solitaire-ring')},${idOf('lotus-ring')}`);
    expect(live.body.products).toEqual([
      {
        _id: idOf('solitaire-ring'),
        price: 2000,
        discountPrice: 1800,
        stock: 8,
        sizes: [
          { value: '10', price: 2000, discountPrice: 1800, stock: 3 },
          { value: '12', price: 2000, discountPrice: 1800, stock: 5 },
          { value: '14', price: 2200, discountPrice: null, stock: 0 },
        ],
      },
      expect.objectContaining({ _id: idOf('lotus-ring'), sizes: null }),
    ]);
  });

  it('refuses a catalogue row whose sizes repeat, whose stock is not the sizes’ total, or whose size value is not a size', async () => {
    const bad = (sizes: unknown, extra: Record<string, unknown> = {}) =>
      importCatalogue(
        {
          ...makeCatalogue(),
          products: [...defaultProducts(), { ...makeProduct({ slug: 'bad-sizes', stock: undefined }), sizes, ...extra }],
        },
        {
          dryRun: true,
        },
      );
    expect(
      (
        await bad({
          guide: 'ring',
          values: [
            { value: '8', stock: 1 },
            { value: '8', stock: 2 },
          ],
        })
      ).errors[0]?.message,
    ).toMatch(/Each size may appear once/);
    expect((await bad({ guide: 'ring', values: [{ value: '8', stock: 1 }] }, { stock: 5 })).errors[0]?.message).toMatch(
      /Stock must be the sizes' total/,
    );
    expect((await bad({ guide: 'ring', values: [{ value: '8"', stock: 1 }] })).errors[0]?.message).toMatch(/A size may hold letters/);
    expect((await bad({ values: [{ value: '8', stock: 1 }] })).errors[0]?.message).toMatch(/Name the sizes/);
  });

  it('reads sizes from our product CSV (value=stock or value=stock=price)', () => {
    const csv =
      'slug,name,price,stock,subcategory,thumbnail,image,sizeGuide,sizes\n' +
      'kada,Kada,4999,,kadas,products/kada.jpg,products/kada.jpg,bangle,2.4=3|2.6=0|2.8=2=5299\n';
    expect(readCatalogueCsv(csv).products[0]).toMatchObject({
      slug: 'kada',
      sizes: {
        guide: 'bangle',
        values: [
          { value: '2.4', stock: 3 },
          { value: '2.6', stock: 0 },
          { value: '2.8', stock: 2, price: 5299 },
        ],
      },
    });
  });
});

describe('ordering a size', () => {
  it('needs a size the product comes in, charges that size’s price, keeps the size on the line and takes only that size’s stock', async () => {
    const shopper = await makeShopper();
    const noSize = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(cod([{ slug: 'solitaire-ring', price: 1800, quantity: 1 }]), shopper.token),
    );
    expect(noSize).toMatchObject({ status: 400, body: { message: 'Choose a ring size for Solitaire Ring.' } });
    const unknown = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(cod([{ slug: 'solitaire-ring', size: '9', price: 1800, quantity: 1 }]), shopper.token),
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: 'Solitaire Ring does not come in ring size 9. Please choose another size.' },
    });
    const unsized = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(cod([{ slug: 'lotus-ring', size: '12', price: 1299, quantity: 1 }]), shopper.token),
    );
    expect(unsized.status).toBe(400);
    expect(unsized.body.message).toMatch(/is not sold in sizes/);

    const placed = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(
        cod([
          { slug: 'box-chain', size: '16 in', price: 999, quantity: 1 },
          // Two sizes of one product are two lines.
          { slug: 'box-chain', size: '18 in', price: 1099, quantity: 1 },
        ]),
        shopper.token,
      ),
    );
    expect(placed.status).toBe(201);
    expect(
      placed.body.order.products.map((l: { size: string; sizeName: string; price: number; quantity: number }) => [
        l.size,
        l.sizeName,
        l.price,
        l.quantity,
      ]),
    ).toEqual([
      ['16 in', 'Length', 999, 1],
      ['18 in', 'Length', 1099, 1],
    ]);
    expect(placed.body.order.totalAmount).toBe(999 + 1099 + 100);
    expect([await stockOf('box-chain', '16 in'), await stockOf('box-chain', '18 in')]).toEqual([3, 3]);

    // A size shown at the product's price but sold at its own is a changed price, never charged unseen.
    const stale = await call(
      orderCheckout,
      '/api/orderCheck_out',
      checkoutRequest(cod([{ slug: 'box-chain', size: '18 in', price: 999, quantity: 1 }]), shopper.token),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Prices have changed/);

    // Cancelling gives each size its pieces back.
    const cancelled = await call(cancelOrder, `/api/orders/${placed.body.order._id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(cancelled.status).toBe(200);
    expect([await stockOf('box-chain', '16 in'), await stockOf('box-chain', '18 in')]).toEqual([4, 4]);
  });

  it('200 buyers of one size with stock 5: exactly 5 orders, that size at 0, the other sizes untouched, 195 told which size is gone', async () => {
    await setStock('solitaire-ring', 5, '12');
    const others = [await stockOf('solitaire-ring', '10'), await stockOf('solitaire-ring', '14')];
    const shoppers = await Promise.all(Array.from({ length: 200 }, () => makeShopper()));
    const results = await Promise.all(
      shoppers.map((s) =>
        call(
          orderCheckout,
          '/api/orderCheck_out',
          checkoutRequest(cod([{ slug: 'solitaire-ring', size: '12', price: 1800, quantity: 1 }]), s.token),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(195);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(results.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(
      new Set(['Solitaire Ring (ring size 12) is out of stock.']),
    );
    expect(await stockOf('solitaire-ring', '12')).toBe(0);
    expect([await stockOf('solitaire-ring', '10'), await stockOf('solitaire-ring', '14')]).toEqual(others);
    expect(
      await client
        .db(name)
        .collection('orders')
        .countDocuments({ 'products.productId': stableId('products', 'solitaire-ring'), 'products.size': '12' }),
    ).toBe(5);
  });
});
