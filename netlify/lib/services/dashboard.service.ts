import type { DashboardDay, DashboardPiece, DashboardResponse, DashboardStockLine, DashboardTotals } from '@shared/api/dashboard';
import { daysOf, indiaDay, shiftDay } from '@shared/india-time';
import type { DashboardQuery } from '@shared/schemas/dashboard';
import type { DailyFiguresDoc } from '../collections';
import { dailyFiguresRepository, monthOf } from '../repositories/daily-figures.repository';
import { sizeOfKey, type ShopCounter } from '../repositories/order-figures';
import { catalogueRepository } from '../repositories/catalogue.repository';
import { inventoryRepository } from '../repositories/inventory.repository';
import { stockChangesRepository } from '../repositories/stock-changes.repository';

/** How many pieces each ranking lists. */
const TOP = 10;

/** One day's shop figures, from its month's document. */
type ShopDay = Pick<DailyFiguresDoc, 'shop' | 'codes'>;

/** A shop counter of a day's figures (0 when absent). */
const shopOf = (d: ShopDay | undefined, counter: ShopCounter): number => d?.shop?.[counter] ?? 0;

/** The totals of a set of days' figures. */
export function totalsOf(docs: ShopDay[]): DashboardTotals {
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

/** Each piece's figures summed over documents (a month less its days outside the range), and its units sold by size. */
function piecesOf(
  docs: { products?: DailyFiguresDoc['products']; sign: 1 | -1 }[],
): Map<string, Omit<DashboardPiece, 'name'> & { sizes: Map<string, number> }> {
  const pieces = new Map<string, Omit<DashboardPiece, 'name'> & { sizes: Map<string, number> }>();
  for (const { products, sign } of docs) {
    for (const [key, p] of Object.entries(products ?? {})) {
      const productId = key.slice(1);
      let t = pieces.get(productId);
      if (!t) pieces.set(productId, (t = { productId, units: 0, revenuePaise: 0, orders: 0, views: 0, returns: 0, sizes: new Map() }));
      t.units += sign * (p.units ?? 0);
      t.revenuePaise += sign * (p.revenuePaise ?? 0);
      t.orders += sign * (p.orders ?? 0);
      t.views += sign * (p.views ?? 0);
      t.returns += sign * (p.returns ?? 0);
      for (const [sk, n] of Object.entries(p.sizes ?? {})) t.sizes.set(sizeOfKey(sk), (t.sizes.get(sizeOfKey(sk)) ?? 0) + sign * n);
    }
  }
  return pieces;
}

/** The units at or under the low-stock threshold (sold out ones too), and the threshold. */
async function lowStockUnits(): Promise<{ units: { productId: string; size: string | null; stock: number }[]; threshold: number }> {
  const threshold = await stockChangesRepository.lowStockThreshold();
  return { units: await inventoryRepository.lowUnits(threshold), threshold };
}

/** The documents a range's figures are read from. */
export interface ReadPlan {
  /** The shop's months covering the range and the one before it (each day's counters are in them). */
  shopMonths: string[];
  /** The pieces' months whose figures count whole, less `subtractDays`. */
  pieceMonths: string[];
  /** Days whose pieces count (at the range's ends, where fewer than their month less the days outside). */
  addDays: string[];
  /** Days of those months outside the range, taken off. */
  subtractDays: string[];
}

/**
 * Which documents a range is read from: its shop figures from one document per month, and its pieces from whole
 * months (less the days outside the range) or from days, whichever reads fewer documents. Days after `today` hold
 * nothing, so a month to date is its whole document. The embedded database's cost grows with the documents read.
 */
export function readPlan(from: string, to: string, previousFrom: string, today: string): ReadPlan {
  const plan: ReadPlan = { shopMonths: [], pieceMonths: [], addDays: [], subtractDays: [] };
  for (let m = monthOf(previousFrom); m <= monthOf(to); m = nextMonth(m)) plan.shopMonths.push(m);
  for (let m = monthOf(from); m <= monthOf(to); m = nextMonth(m)) {
    const first = `${m}-01`;
    const last = [shiftDay(`${nextMonth(m)}-01`, -1), today].sort()[0]!;
    const inside = daysOf([from, first].sort()[1]!, [to, last].sort()[0]!);
    if (!inside.length) continue;
    const outside = daysOf(first, last).filter((d) => d < inside[0]! || d > inside.at(-1)!);
    if (outside.length < inside.length) {
      plan.pieceMonths.push(m);
      plan.subtractDays.push(...outside);
    } else plan.addDays.push(...inside);
  }
  return plan;
}

/** The month after a month ('YYYY-MM'). */
const nextMonth = (m: string): string => monthOf(shiftDay(`${m}-28`, 7));

/** The owner's dashboard, read from the daily figures (never from the raw orders or events). */
export const dashboardService = {
  /** The figures of a range and of the same-length range before it, with the stock they bear on. */
  async summary(query: DashboardQuery, now = new Date()): Promise<DashboardResponse> {
    const days = daysOf(query.from, query.to);
    const previousTo = shiftDay(query.from, -1);
    const previousFrom = shiftDay(previousTo, -(days.length - 1));
    const plan = readPlan(query.from, query.to, previousFrom, indiaDay(now));
    const [shopMonths, pieceMonths, added, subtracted, stock] = await Promise.all([
      dailyFiguresRepository.shopMonths(plan.shopMonths),
      dailyFiguresRepository.pieceMonths(plan.pieceMonths),
      dailyFiguresRepository.days(plan.addDays),
      dailyFiguresRepository.days(plan.subtractDays),
      lowStockUnits(),
    ]);
    const byDay = new Map<string, ShopDay>(
      shopMonths.flatMap((m) => Object.entries(m.days ?? {}).map(([dd, d]) => [`${m._id}-${dd}`, d] as const)),
    );
    const docs = days.map((day) => byDay.get(day)).filter((d): d is ShopDay => d !== undefined);
    const previousDocs = daysOf(previousFrom, previousTo)
      .map((day) => byDay.get(day))
      .filter((d): d is ShopDay => d !== undefined);
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

    const pieces = piecesOf([
      ...pieceMonths.map((m) => ({ products: m.products, sign: 1 as const })),
      ...added.map((d) => ({ products: d.products, sign: 1 as const })),
      ...subtracted.map((d) => ({ products: d.products, sign: -1 as const })),
    ]);
    // Stock now (the units at or under the threshold), against what each sold in the range.
    const soldIn = (productId: string, size: string | null): number => {
      const p = pieces.get(productId);
      if (!p) return 0;
      return size === null ? p.units : (p.sizes.get(size) ?? 0);
    };
    const low = stock.units.map((u) => {
      const unitsSold = soldIn(u.productId, u.size);
      return { ...u, unitsSold, daysLeft: unitsSold ? Math.floor(u.stock / (unitsSold / days.length)) : null };
    });
    const top = (key: 'revenuePaise' | 'units' | 'views') =>
      [...pieces.values()]
        .filter((p) => p[key] > 0)
        .sort((a, b) => b[key] - a[key] || a.productId.localeCompare(b.productId))
        .slice(0, TOP)
        .map(({ sizes: _sizes, ...p }) => p);
    const tops = { revenuePaise: top('revenuePaise'), units: top('units'), views: top('views') };
    const soldOutLines = low
      .filter((l) => l.stock <= 0)
      .sort((a, b) => b.unitsSold - a.unitsSold || a.productId.localeCompare(b.productId))
      .slice(0, TOP * 2);
    const lowLines = low
      .filter((l) => l.stock > 0 && l.unitsSold > 0)
      .sort((a, b) => a.daysLeft! - b.daysLeft! || b.unitsSold - a.unitsSold)
      .slice(0, TOP * 2);
    // Names only of the pieces shown.
    const shown = [...Object.values(tops).flat(), ...soldOutLines, ...lowLines];
    const names = await catalogueRepository.namesByIds([...new Set(shown.map((p) => p.productId))]);
    const named = <T extends { productId: string }>(p: T) => ({
      ...p,
      name: names.get(p.productId) ?? 'A piece no longer in the catalogue',
    });
    const soldOut: DashboardStockLine[] = soldOutLines.map(named);
    const lowStockSellingFast: DashboardStockLine[] = lowLines.map(named);

    return {
      success: true,
      from: query.from,
      to: query.to,
      previousFrom,
      previousTo,
      totals: totalsOf(docs),
      previous: totalsOf(previousDocs),
      days: dayRows,
      topByRevenue: tops.revenuePaise.map(named),
      topByUnits: tops.units.map(named),
      mostViewed: tops.views.map(named),
      soldOut,
      lowStockSellingFast,
      lowStockThreshold: stock.threshold,
    };
  },
};
