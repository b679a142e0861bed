import type { DashboardDay, DashboardPiece, DashboardResponse, DashboardStockLine, DashboardTotals } from '@shared/api/dashboard';
import { shiftDay } from '@shared/india-time';
import type { DashboardQuery } from '@shared/schemas/dashboard';
import type { DailyFiguresDoc } from '../collections';
import { dailyFiguresRepository } from '../repositories/daily-figures.repository';
import { sizeOfKey, type ShopCounter } from '../repositories/order-figures';
import { inventoryService } from './inventory.service';

/** How many pieces each ranking lists. */
const TOP = 10;

/** The India days from `from` to `to`, both included ('YYYY-MM-DD'). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) out.push(day);
  return out;
}

/** A shop counter of a day's document (0 when absent). */
const shopOf = (d: DailyFiguresDoc | undefined, counter: ShopCounter): number => d?.shop?.[counter] ?? 0;

/** The totals of a set of days' documents. */
export function totalsOf(docs: DailyFiguresDoc[]): DashboardTotals {
  const sum = (counter: ShopCounter) => docs.reduce((n, d) => n + shopOf(d, counter), 0);
  const codes = new Map<string, { uses: number; paise: number }>();
  for (const d of docs) {
    for (const [key, c] of Object.entries(d.codes ?? {})) {
      const t = codes.get(key.slice(1)) ?? { uses: 0, paise: 0 };
      t.uses += c.uses ?? 0;
      t.paise += c.paise ?? 0;
      codes.set(key.slice(1), t);
    }
  }
  const orders = sum('orders');
  const salesPaise = sum('salesPaise');
  const chargedPaise = sum('onlinePaise') + sum('codCollectedPaise');
  const refundedPaise = sum('refundPaise');
  return {
    revenuePaise: chargedPaise - refundedPaise,
    chargedPaise,
    refundedPaise,
    orders,
    salesPaise,
    averageOrderPaise: orders ? Math.round(salesPaise / orders) : 0,
    online: { orders: sum('onlineOrders'), paise: sum('onlinePaise') },
    cod: {
      orders: sum('codOrders'),
      paise: sum('codPaise'),
      collectedOrders: sum('codCollectedOrders'),
      collectedPaise: sum('codCollectedPaise'),
      refused: sum('codRefused'),
      refusedPaise: sum('codRefusedPaise'),
    },
    discounts: {
      orders: sum('discountOrders'),
      paise: sum('discountPaise'),
      codes: [...codes]
        .map(([code, c]) => ({ code, ...c }))
        .filter((c) => c.uses || c.paise)
        .sort((a, b) => b.uses - a.uses || b.paise - a.paise || a.code.localeCompare(b.code)),
    },
    refunds: { count: sum('refunds'), paise: refundedPaise },
    returns: { count: sum('returns'), units: sum('returnUnits') },
    cancelled: sum('cancelled'),
    views: sum('views'),
    clicks: sum('clicks'),
  };
}

/** Each piece's figures summed over the days, and its units sold by size. */
function piecesOf(docs: DailyFiguresDoc[]): Map<string, Omit<DashboardPiece, 'name'> & { sizes: Map<string, number> }> {
  const pieces = new Map<string, Omit<DashboardPiece, 'name'> & { sizes: Map<string, number> }>();
  for (const d of docs) {
    for (const [key, p] of Object.entries(d.products ?? {})) {
      const productId = key.slice(1);
      let t = pieces.get(productId);
      if (!t) pieces.set(productId, (t = { productId, units: 0, revenuePaise: 0, orders: 0, views: 0, returns: 0, sizes: new Map() }));
      t.units += p.units ?? 0;
      t.revenuePaise += p.revenuePaise ?? 0;
      t.orders += p.orders ?? 0;
      t.views += p.views ?? 0;
      t.returns += p.returns ?? 0;
      for (const [sk, n] of Object.entries(p.sizes ?? {})) t.sizes.set(sizeOfKey(sk), (t.sizes.get(sizeOfKey(sk)) ?? 0) + n);
    }
  }
  return pieces;
}

/** The owner's dashboard, read from the daily figures (never from the raw orders or events). */
export const dashboardService = {
  /** The figures of a range and of the same-length range before it, with the stock they bear on. */
  async summary(query: DashboardQuery): Promise<DashboardResponse> {
    const days = daysOf(query.from, query.to);
    const previousTo = shiftDay(query.from, -1);
    const previousFrom = shiftDay(previousTo, -(days.length - 1));
    const [docs, previousDocs, inventory] = await Promise.all([
      dailyFiguresRepository.days(days),
      dailyFiguresRepository.days(daysOf(previousFrom, previousTo)),
      inventoryService.list(),
    ]);
    const byDay = new Map(docs.map((d) => [d._id, d]));
    const dayRows: DashboardDay[] = days.map((day) => {
      const d = byDay.get(day);
      return {
        day,
        orders: shopOf(d, 'orders'),
        salesPaise: shopOf(d, 'salesPaise'),
        revenuePaise: shopOf(d, 'onlinePaise') + shopOf(d, 'codCollectedPaise') - shopOf(d, 'refundPaise'),
        views: shopOf(d, 'views'),
      };
    });

    const names = new Map(inventory.units.map((u) => [u.productId, u.name]));
    const pieces = piecesOf(docs);
    const named = [...pieces.values()].map(({ sizes: _sizes, ...p }) => ({
      ...p,
      name: names.get(p.productId) ?? 'A piece no longer in the catalogue',
    }));
    const ranked = (key: 'revenuePaise' | 'units' | 'views') =>
      named
        .filter((p) => p[key] > 0)
        .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name))
        .slice(0, TOP);

    // Stock now, against what each size sold in the range: sold out, and low stock at the range's pace.
    const soldIn = (productId: string, size: string | null): number => {
      const p = pieces.get(productId);
      if (!p) return 0;
      return size === null ? p.units : (p.sizes.get(size) ?? 0);
    };
    const lines: DashboardStockLine[] = inventory.units.map((u) => {
      const unitsSold = soldIn(u.productId, u.size);
      return {
        productId: u.productId,
        name: u.name,
        size: u.size,
        stock: u.stock,
        unitsSold,
        daysLeft: unitsSold ? Math.floor(u.stock / (unitsSold / days.length)) : null,
      };
    });
    const soldOut = lines
      .filter((l) => l.stock <= 0)
      .sort((a, b) => b.unitsSold - a.unitsSold || a.name.localeCompare(b.name))
      .slice(0, TOP * 2);
    const lowStockSellingFast = lines
      .filter((l) => l.stock > 0 && l.stock <= inventory.lowStockThreshold && l.unitsSold > 0)
      .sort((a, b) => a.daysLeft! - b.daysLeft! || b.unitsSold - a.unitsSold)
      .slice(0, TOP * 2);

    return {
      success: true,
      from: query.from,
      to: query.to,
      previousFrom,
      previousTo,
      totals: totalsOf(docs),
      previous: totalsOf(previousDocs),
      days: dayRows,
      topByRevenue: ranked('revenuePaise'),
      topByUnits: ranked('units'),
      mostViewed: ranked('views'),
      soldOut,
      lowStockSellingFast,
      lowStockThreshold: inventory.lowStockThreshold,
    };
  },
};
