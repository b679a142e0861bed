import type { Collection, Db, Document, ObjectId } from 'mongodb';
import type { AttentionCode, AttentionRecord } from '@shared/attention';
import { collections, ledgerStart, movementSet, unitId } from './collections';
import { toPaise } from '@shared/money';
import { toTermsDoc } from './repositories/discount-terms';

/**
 * Moves stock kept on product documents (databases from before stock had units of its own) into inventory
 * units, once: each such product gets its unit (unless it has one) and loses the field. Run at first
 * connection, before any request is served, like ensureIndexes; a database without such products costs one
 * query.
 */
export async function adoptLegacyStock(db: Db): Promise<number> {
  const c = collections(db);
  const legacy = (await c.products
    .find({ stock: { $exists: true } } as never, { projection: { _id: 1, stock: 1 } })
    .toArray()) as unknown as { _id: ObjectId; stock: number }[];
  for (const p of legacy) {
    await c.inventory.updateOne(
      { _id: unitId(p._id) },
      {
        $setOnInsert: {
          productId: p._id,
          size: null,
          stock: p.stock,
          ...ledgerStart({ key: 'opening', cause: 'opening' }, p.stock, new Date()),
        },
      },
      { upsert: true },
    );
    await c.products.updateOne({ _id: p._id }, { $unset: { stock: '', holds0: '', holds1: '', holds2: '' } } as never);
  }
  return legacy.length;
}

/** Sentences of flags stored before reasons had codes, and the code each one is. */
const UNCODED_ATTENTION: readonly [RegExp, AttentionCode][] = [
  [/^Paid after its stock hold/, 'paid_after_hold'],
  [/^Refund failed, refund by hand/, 'refund_failed'],
  [/^Razorpay reported the refund /, 'refund_failed_reported'],
  [/^A refund of .* did not go through/, 'refund_not_done'],
  [/^No answer from Razorpay for a refund/, 'refund_no_answer'],
  [/^A second payment /, 'stray_payment'],
];

/**
 * Gives flags stored as sentences alone (databases from before attention reasons had codes) their code, once,
 * so the admin's hint and the refunds' "no answer" clearing read codes only. A "no answer" flag takes the key of
 * the order's one refund still waiting for Razorpay (with several, none: a person clears it). Run at first
 * connection like adoptLegacyStock; a database without such flags costs one query.
 */
export async function codeUncodedAttention(db: Db): Promise<number> {
  const c = collections(db);
  const uncoded = await c.orders
    .find({ needsAttention: { $type: 'string' }, attention: { $in: [null] } } as never, {
      projection: { _id: 1, needsAttention: 1, refunds: 1 },
    })
    .toArray();
  let coded = 0;
  for (const order of uncoded) {
    const sentence = order.needsAttention ?? '';
    const code = UNCODED_ATTENTION.find(([pattern]) => pattern.test(sentence))?.[1];
    if (!code) continue;
    const waiting = Object.values(order.refunds ?? {}).filter((e) => e.status === 'requested');
    const attention: AttentionRecord =
      code === 'refund_no_answer' && waiting.length === 1 ? { code, refundKey: waiting[0]!.key } : { code };
    // Conditional on the same sentence: a flag changed meanwhile is coded by whoever changed it.
    const r = await c.orders.updateOne({ _id: order._id, needsAttention: sentence, attention: { $in: [null] } } as never, {
      $set: { attention },
    });
    coded += r.modifiedCount;
  }
  return coded;
}

/**
 * Begins the ledger of units from before it existed, once: an opening movement of their stock (with what orders
 * are taking right now, which their orders' movements take out again). Conditional on the stock read, so a
 * change racing it is never folded in twice (it is read again). Run at first connection like adoptLegacyStock;
 * a database whose units all have ledgers costs one query.
 */
export async function startLedgers(db: Db, at = new Date()): Promise<number> {
  const c = collections(db);
  let started = 0;
  let pending = await c.inventory.find({ ledgerSince: { $exists: false } }, { projection: { stock: 1, open: 1 } }).toArray();
  for (let round = 0; pending.length && round < 5; round++) {
    const missed: string[] = [];
    for (const u of pending) {
      const opening = u.stock + Object.values(u.open ?? {}).reduce((sum, q) => sum + q, 0);
      const r = await c.inventory.updateOne(
        { _id: u._id, stock: u.stock, ledgerSince: { $exists: false } },
        { $set: { ledgerSince: at, ...movementSet({ key: 'opening', cause: 'opening' }, opening, at) } },
      );
      if (r.modifiedCount === 1) started++;
      else missed.push(u._id);
    }
    pending = missed.length
      ? await c.inventory.find({ _id: { $in: missed }, ledgerSince: { $exists: false } }, { projection: { stock: 1, open: 1 } }).toArray()
      : [];
  }
  return started;
}

/** A code's terms as stored before amounts were paise: percent or rupees off, and a cap in rupees. */
interface RupeeTerms {
  kind: 'percent' | 'flat';
  value: number;
  maxOff: number | null;
}

/** Those terms in paise (prefixed, for a discount inside an order), and the rupee fields they replace. */
function termsUpdate(t: RupeeTerms, prefix = ''): { $set: Record<string, unknown>; $unset: Record<string, ''> } {
  const terms = toTermsDoc(t);
  return {
    $set: { [`${prefix}percent`]: terms.percent, [`${prefix}flatPaise`]: terms.flatPaise, [`${prefix}maxOffPaise`]: terms.maxOffPaise },
    $unset: { [`${prefix}value`]: '', [`${prefix}maxOff`]: '' },
  };
}

/** An order as stored before amounts were paise: rupees (two decimals at most) in these fields. */
interface RupeeOrderFields {
  _id: ObjectId;
  products: { price: number; discount?: number }[];
  subtotal?: number;
  shippingCost: number;
  totalAmount?: number;
  discount?: { amount?: number } & Partial<RupeeTerms>;
  refund?: { amount: number } | null;
  refunds?: Record<string, { amount?: number }>;
  creditNotes?: { amount: number }[];
}

/** The paise fields of one order stored in rupees, and the rupee fields they replace. */
function paiseUpdate(o: RupeeOrderFields): { $set: Record<string, unknown>; $unset: Record<string, ''> } {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  if (o.totalAmount !== undefined) {
    $set['products'] = o.products.map(({ price, discount, ...line }) => ({
      ...line,
      pricePaise: toPaise(price),
      ...(discount ? { discountPaise: toPaise(discount) } : {}),
    }));
    Object.assign($set, {
      subtotalPaise: toPaise(o.subtotal ?? 0),
      shippingPaise: toPaise(o.shippingCost),
      totalPaise: toPaise(o.totalAmount),
    });
    Object.assign($unset, { subtotal: '', shippingCost: '', totalAmount: '' });
    if (o.refund) {
      $set['refund.amountPaise'] = toPaise(o.refund.amount);
      $unset['refund.amount'] = '';
    }
    // Ledger entries kept their paise beside the rupees: only the rupees go.
    for (const key of Object.keys(o.refunds ?? {})) $unset[`refunds.${key}.amount`] = '';
    if (o.creditNotes?.length)
      $set['creditNotes'] = o.creditNotes.map(({ amount, ...note }) => ({ ...note, amountPaise: toPaise(amount) }));
  }
  if (o.discount?.amount !== undefined) {
    $set['discount.amountPaise'] = toPaise(o.discount.amount);
    $unset['discount.amount'] = '';
  }
  if (o.discount?.value !== undefined) {
    const terms = termsUpdate(
      { kind: o.discount.kind ?? 'percent', value: o.discount.value, maxOff: o.discount.maxOff ?? null },
      'discount.',
    );
    Object.assign($set, terms.$set);
    Object.assign($unset, terms.$unset);
  }
  return { $set, $unset };
}

/**
 * Converts each document `filter` finds, in batches of 500, each with one update conditional on the rupee fields it
 * converts still being as read: a run racing another (two cold starts) or a second run changes nothing, and no
 * document is ever half converted. Returns how many were converted.
 */
async function convertEach<T extends Document>(
  collection: Collection<T>,
  filter: object,
  convert: (doc: T) => { filter: object; update: object },
): Promise<number> {
  let converted = 0;
  let batch: { filter: object; update: object }[] = [];
  const write = async () => {
    const r = await collection.bulkWrite(
      batch.map((u) => ({ updateOne: u }) as never),
      { ordered: false },
    );
    converted += r.modifiedCount;
    batch = [];
  };
  for await (const doc of collection.find(filter as never)) {
    batch.push(convert(doc as T));
    if (batch.length === 500) await write();
  }
  if (batch.length) await write();
  return converted;
}

/**
 * Converts orders stored with rupee amounts (before every amount was whole paise) to paise, once, each in one
 * update (see convertEach). Run at first connection like adoptLegacyStock; a database whose orders are all in
 * paise costs one query.
 */
export async function ordersInPaise(db: Db): Promise<number> {
  return convertEach(
    db.collection<RupeeOrderFields>('orders'),
    { $or: [{ totalAmount: { $exists: true } }, { 'discount.value': { $exists: true } }] },
    (o) => ({
      filter: {
        _id: o._id,
        ...(o.totalAmount !== undefined ? { totalAmount: o.totalAmount } : {}),
        ...(o.discount?.value !== undefined ? { 'discount.value': o.discount.value } : {}),
      },
      update: paiseUpdate(o),
    }),
  );
}

/** A discount code as stored before amounts were paise. */
interface RupeeCodeFields extends RupeeTerms {
  _id: string;
  minOrder: number;
}

/**
 * Converts discount codes stored with rupee terms (a flat ₹200, a ₹999 minimum, a ₹500 cap) to paise, once, each in
 * one update (see convertEach). Run at first connection like ordersInPaise.
 */
export async function codesInPaise(db: Db): Promise<number> {
  return convertEach(db.collection<RupeeCodeFields>('discount_codes'), { value: { $exists: true } }, (c) => {
    const terms = termsUpdate(c);
    return {
      filter: { _id: c._id, value: c.value, minOrder: c.minOrder },
      update: { $set: { ...terms.$set, minOrderPaise: toPaise(c.minOrder) }, $unset: { ...terms.$unset, minOrder: '' } },
    };
  });
}
