import { ObjectId } from 'mongodb';
import { isLowStock, MAX_UNIT_STOCK, STOCK_REASONS, type InventoryUnit, type StockChange } from '@shared/inventory';
import type { StockChangeInput } from '@shared/schemas/inventory';
import type { StockChangeDoc, UserDoc } from '../collections';
import { conflict, notFound } from '../errors';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { inventoryRepository, unitsOf } from '../repositories/inventory.repository';
import { stockChangesRepository } from '../repositories/stock-changes.repository';

/** A recorded change as the page shows it. */
function toStockChange(d: StockChangeDoc): StockChange {
  return {
    unit: d.unit,
    name: d.name,
    size: d.size,
    from: d.from,
    to: d.to,
    reason: d.reason,
    note: d.note,
    by: d.by,
    at: d.at.toISOString(),
  };
}

/** Every sellable unit of the catalogue with its live stock, low ones first (then by name and size order). */
async function allUnits(): Promise<InventoryUnit[]> {
  const [products, stock] = await Promise.all([catalogueRepository.stockKeepingProducts(), inventoryRepository.allUnits()]);
  return products.flatMap((p) =>
    unitsOf(p).map(({ unit, size }) => {
      const value = size ? p.sizes?.values.find((v) => v.value === size) : undefined;
      return {
        unit,
        productId: p._id.toHexString(),
        name: p.name,
        slug: p.slug,
        size,
        sizeName: size ? (p.sizes?.name ?? 'Size') : null,
        sku: value?.sku ?? null,
        stock: stock.get(unit) ?? 0,
      };
    }),
  );
}

/** The admin's inventory: every unit's stock, changes that never race an order, each recorded with who and why. */
export const inventoryService = {
  /** Every unit, those at or under the low-stock threshold first (lowest first), then the rest by name. */
  async list(): Promise<{ units: InventoryUnit[]; lowStockThreshold: number }> {
    const [units, lowStockThreshold] = await Promise.all([allUnits(), stockChangesRepository.lowStockThreshold()]);
    const low = (u: InventoryUnit) => isLowStock(u.stock, lowStockThreshold);
    units.sort((a, b) => Number(low(b)) - Number(low(a)) || (low(a) ? a.stock - b.stock : 0) || a.name.localeCompare(b.name));
    return { units, lowStockThreshold };
  },

  /**
   * Sets or adjusts one unit's stock and records the change. A count is conditional on the stock the admin
   * saw: if an order took pieces meanwhile the admin is told the stock now, and nothing is written. An
   * adjustment is an increment (it cannot lose an order's) that may not take the stock below zero.
   */
  async change(admin: UserDoc, input: StockChangeInput, at = new Date()): Promise<{ unit: InventoryUnit; change: StockChange }> {
    const unit = (await allUnits()).find((u) => u.unit === input.unit);
    if (!unit) throw notFound('That product (or size)');
    const productId = new ObjectId(unit.productId);
    // Who, by role: an editor's change from the product form reads 'editor:<phone>', an admin's 'admin:<phone>'.
    const by = `${admin.role === 'editor' ? 'editor' : 'admin'}:${admin.phone}`;
    // The change's id names its movement in the unit's ledger (written with the stock) and its record here.
    const changeId = new ObjectId();
    const movement = { key: `admin-${changeId.toHexString()}`, cause: 'admin', by, reason: input.reason, note: input.note } as const;
    let from: number | null;
    let to: number;
    if (input.mode === 'set') {
      from = await inventoryRepository.setIf(unit.unit, productId, unit.size, input.expected, input.stock, movement, at);
      if (from === null) {
        const now = (await inventoryRepository.allUnits()).get(unit.unit) ?? 0;
        throw conflict(
          `The stock of ${describe(unit)} changed to ${now} while you were counting (an order, or another admin). Check it and save again.`,
        );
      }
      to = input.stock;
    } else {
      from = await inventoryRepository.adjust(unit.unit, productId, unit.size, input.delta, movement, at);
      if (from === null) {
        const now = (await inventoryRepository.allUnits()).get(unit.unit) ?? 0;
        const count = (n: number) => n.toLocaleString('en-IN');
        throw conflict(
          input.delta < 0
            ? `${describe(unit)} has ${now} in stock: you cannot take away ${-input.delta}.`
            : `${describe(unit)} has ${count(now)} in stock: adding ${count(input.delta)} would pass the most a unit may hold (${count(MAX_UNIT_STOCK)}).`,
        );
      }
      to = from + input.delta;
    }
    const record = {
      _id: changeId,
      unit: unit.unit,
      productId,
      size: unit.size,
      name: unit.name,
      from,
      to,
      reason: input.reason,
      note: input.note,
      by,
      at,
    };
    const change = await stockChangesRepository.record(record).catch((err: unknown) => {
      // The stock has changed; a lost record is logged in full so a person can still see who and why.
      console.error('[inventory] stock changed but its record could not be written:', JSON.stringify(record), err);
      return record;
    });
    console.info(`[inventory] ${by} ${describe(unit)}: ${from} → ${to} (${STOCK_REASONS[input.reason]})`);
    return { unit: { ...unit, stock: to }, change: toStockChange(change) };
  },

  /** Recorded changes, newest first: of one unit, or the latest across the shop. */
  async history(unit?: string): Promise<StockChange[]> {
    return (await stockChangesRepository.list(unit)).map(toStockChange);
  },

  /** Sets the low-stock threshold. */
  async setLowStockThreshold(admin: UserDoc, threshold: number): Promise<number> {
    await stockChangesRepository.setLowStockThreshold(threshold, `admin:${admin.phone}`);
    return threshold;
  },
};

/** A unit as a message names it: 'Lotus Ring' or 'Lotus Ring (ring size 12)'. */
const describe = (u: InventoryUnit) => (u.size ? `${u.name} (${(u.sizeName ?? 'size').toLowerCase()} ${u.size})` : u.name);
