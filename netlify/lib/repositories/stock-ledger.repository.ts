import { collections, movementId, type StockLedgerDoc } from '../collections';
import { getDb } from '../db';
import { startLedgers } from '../migrations';

/** Whether every error of a write was a duplicate key (a movement copied before). */
function onlyDuplicates(err: unknown): boolean {
  const e = err as { code?: number; writeErrors?: { code?: number }[] | { code?: number } };
  if (e.code === 11000) return true;
  const list = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
  return list.length > 0 && list.every((w) => w.code === 11000);
}

/** A unit's figures as the ledger check compares them. */
export interface UnitBalance {
  unit: string;
  stock: number;
  inFlight: number;
  ledgerTotal: number;
}

/**
 * The stock ledger: movements are written on the unit in the same update as the stock they change (the only
 * way MongoDB lets two facts change together), then copied here and taken off the unit. Copies are keyed by
 * unit and movement, so copying twice (two runs, or a run that died after inserting) records nothing twice.
 */
export const stockLedgerRepository = {
  /** Begins the ledger of any unit without one (written by something outside the shop, such as a restore). */
  async startMissing(): Promise<number> {
    return startLedgers(await getDb());
  },

  /** Copies the movements waiting on units into the ledger. Returns how many were waiting. */
  async flush(): Promise<number> {
    const c = collections(await getDb());
    const docs = await c.inventory.find({ ledger: { $exists: true, $ne: {} } }, { projection: { ledger: 1 } }).toArray();
    const waiting = docs.filter((d) => d.ledger && Object.keys(d.ledger).length > 0);
    const entries: StockLedgerDoc[] = waiting.flatMap((d) =>
      Object.entries(d.ledger!).map(([key, m]) => ({ ...m, _id: movementId(d._id, key), unit: d._id })),
    );
    if (!entries.length) return 0;
    try {
      await c.stockLedger.insertMany(entries, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
    }
    // Only what was copied goes; a movement written since waits for the next copy.
    await Promise.all(
      waiting.map((d) =>
        c.inventory.updateOne({ _id: d._id }, { $unset: Object.fromEntries(Object.keys(d.ledger!).map((k) => [`ledger.${k}`, ''])) }),
      ),
    );
    return entries.length;
  },

  /**
   * Records stored orders' takes as their movements straight into the ledger, before their open records are
   * closed (settleOpen with `recorded`): one insert for a batch of orders. Until the close, an open take whose
   * movement is in the ledger is not counted as in flight (balances), so the figures agree at every moment; a
   * process that dies in between leaves the take open, and the recovery job's close writes the same movement
   * (the same key, recorded once).
   */
  async recordOrderTakes(takes: readonly { unit: string; key: string; d: number; ref: string }[], at: Date): Promise<void> {
    if (!takes.length) return;
    const c = collections(await getDb());
    const docs: StockLedgerDoc[] = takes.map((t) => ({
      _id: movementId(t.unit, t.key),
      unit: t.unit,
      d: t.d,
      cause: 'order',
      ref: t.ref,
      at,
    }));
    try {
      await c.stockLedger.insertMany(docs, { ordered: false });
    } catch (err) {
      if (!onlyDuplicates(err)) throw err;
    }
  },

  /** A unit's movements, newest first (those not yet copied included), and whether older ones exist. */
  async history(unit: string, limit = 100): Promise<{ movements: StockLedgerDoc[]; more: boolean }> {
    const c = collections(await getDb());
    const [doc, copied] = await Promise.all([
      c.inventory.findOne({ _id: unit }, { projection: { ledger: 1 } }),
      c.stockLedger
        .find({ unit })
        .sort({ at: -1, _id: -1 })
        .limit(limit + 1)
        .toArray(),
    ]);
    const copiedIds = new Set(copied.map((m) => m._id));
    const waiting = Object.entries(doc?.ledger ?? {})
      .map(([key, m]) => ({ ...m, _id: movementId(unit, key), unit }))
      .filter((m) => !copiedIds.has(m._id));
    const all = [...waiting, ...copied].sort((a, b) => b.at.getTime() - a.at.getTime() || (a._id < b._id ? 1 : -1));
    return { movements: all.slice(0, limit), more: all.length > limit };
  },

  /**
   * Units' stock against their ledgers (these units, or all): the stock, the pieces orders are taking right
   * now (out of stock, their movement written when the order is stored), and the sum of every movement.
   */
  async balances(units?: readonly string[]): Promise<UnitBalance[]> {
    const c = collections(await getDb());
    const filter = units ? { _id: { $in: [...units] } } : {};
    const [docs, sums] = await Promise.all([
      c.inventory.find(filter, { projection: { stock: 1, open: 1, ledger: 1 } }).toArray(),
      c.stockLedger
        .aggregate<{ _id: string; total: number }>([
          ...(units ? [{ $match: { unit: { $in: [...units] } } }] : []),
          { $group: { _id: '$unit', total: { $sum: '$d' } } },
        ])
        .toArray(),
    ]);
    const copied = new Map(sums.map((s) => [s._id, s.total]));
    // A movement both on its unit and in the ledger (a copy that died before taking it off) counts once, and an
    // open take whose order's movement is in the ledger already (recordOrderTakes) is no longer in flight.
    const openLedgerId = (unit: string, key: string) => movementId(unit, `order-${key}`);
    const candidates = docs.flatMap((d) => [
      ...Object.keys(d.ledger ?? {}).map((k) => movementId(d._id, k)),
      ...Object.keys(d.open ?? {}).map((k) => openLedgerId(d._id, k)),
    ]);
    const copiedKeys = new Set(
      (await c.stockLedger.find({ _id: { $in: candidates } }, { projection: { _id: 1 } }).toArray()).map((m) => m._id),
    );
    return docs.map((d) => ({
      unit: d._id,
      stock: d.stock,
      inFlight: Object.entries(d.open ?? {})
        .filter(([k]) => !copiedKeys.has(openLedgerId(d._id, k)))
        .reduce((sum, [, q]) => sum + q, 0),
      ledgerTotal:
        (copied.get(d._id) ?? 0) +
        Object.entries(d.ledger ?? {})
          .filter(([k]) => !copiedKeys.has(movementId(d._id, k)))
          .reduce((sum, [, m]) => sum + m.d, 0),
    }));
  },
};
