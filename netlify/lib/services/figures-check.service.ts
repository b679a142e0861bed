import type { ObjectId } from 'mongodb';
import { indiaDayStart } from '@shared/india-time';
import type { DailyFiguresDoc, ShopMonthDoc } from '../collections';
import { dailyFiguresRepository, monthOf, PENDING_STALE_MS, writesOf, type FiguresTarget } from '../repositories/daily-figures.repository';
import { addFigures, eventFigures, figuresDelta, orderFigures, returnFigures, type DayIncrements } from '../repositories/order-figures';

/** One figure that did not match its raw data (in a day's document, or a month's: 'YYYY-MM'). */
export interface FigureMismatch {
  day: string;
  path: string;
  stored: number;
  expected: number;
}

/** What a check of the daily figures against the raw data found (and, with fix, did). */
export interface FiguresCheckReport {
  /** The first day checked ('YYYY-MM-DD'), or null for every day. */
  since: string | null;
  orders: number;
  returns: number;
  events: number;
  days: number;
  /** Orders whose counted figures were behind the order (recounted with fix). */
  ordersBehind: number;
  /** Orders never counted at all (recorded with fix; the days' correction adds them). */
  ordersUncounted: number;
  mismatches: FigureMismatch[];
  /** Documents (days, months) corrected; one written meanwhile is left for the next check. */
  corrected: number;
  left: number;
}

/** How many orders' counted figures are read at once. */
const PARALLEL = 16;

/** A day's stored figures as dotted paths (0s left out), as the figures functions write them. */
export function flattenDay(doc: DailyFiguresDoc): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (path: string, n: number | undefined) => {
    if (n) out[path] = n;
  };
  for (const [k, n] of Object.entries(doc.shop ?? {})) put(`shop.${k}`, n);
  for (const [k, c] of Object.entries(doc.codes ?? {})) {
    put(`codes.${k}.uses`, c.uses);
    put(`codes.${k}.paise`, c.paise);
  }
  for (const [k, p] of Object.entries(doc.products ?? {})) {
    for (const [field, n] of Object.entries(p)) {
      if (field === 'sizes') for (const [sk, u] of Object.entries(n as Record<string, number>)) put(`products.${k}.sizes.${sk}`, u);
      else put(`products.${k}.${field}`, n as number);
    }
  }
  return out;
}

/** A month's shop document as dotted paths under each day ('days.07.shop.orders'), 0s left out. */
function flattenShopMonth(doc: ShopMonthDoc): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [dd, day] of Object.entries(doc.days ?? {}))
    for (const [path, n] of Object.entries(flattenDay({ _id: dd, ...day }))) out[`days.${dd}.${path}`] = n;
  return out;
}

/**
 * Compares one stored document with what it should hold; records each figure that differs and, with fix, corrects the
 * document by the difference, pinned to the version compared (one written meanwhile is left for the next check).
 */
async function compare(
  report: FiguresCheckReport,
  fix: boolean,
  doc: { target: FiguresTarget; id: string; v: number | null },
  have: Record<string, number>,
  want: Record<string, number>,
): Promise<void> {
  const diff = figuresDelta({ x: have }, { x: want })['x'];
  if (!diff) return;
  for (const [path, d] of Object.entries(diff))
    report.mismatches.push({ day: doc.id, path, stored: have[path] ?? 0, expected: (have[path] ?? 0) + d });
  if (!fix) return;
  if (await dailyFiguresRepository.correct(doc.target, doc.id, doc.v, diff)) report.corrected += 1;
  else report.left += 1;
}

/** Only the days from `since` on. */
function from(f: DayIncrements, since: string | null): DayIncrements {
  return since ? Object.fromEntries(Object.entries(f).filter(([day]) => day >= since)) : f;
}

/**
 * Recomputes the daily figures from the raw orders, return requests and product events (every day, or those from
 * `since` on) and compares them with the stored ones. With `fix` it first finishes changes a dead process left
 * half-applied and counts orders whose count is behind or missing (each through the same once-only path as live
 * changes). Then it takes its snapshot of the stored documents and their versions, and only after that reads the raw
 * data: anything counted live after the snapshot moves a version, so that document's correction (one $inc pinned to
 * the version compared) waits for the next check instead of taking off, or adding twice, what was just counted.
 */
export async function checkFigures(opts: { since: string | null; fix: boolean; now?: Date }): Promise<FiguresCheckReport> {
  const since = opts.since;
  const sinceAt = since ? indiaDayStart(since) : null;
  const now = opts.now ?? new Date();
  if (opts.fix) {
    for (const id of await dailyFiguresRepository.stalePending(new Date(now.getTime() - PENDING_STALE_MS)))
      await dailyFiguresRepository.syncOrder(id);
  }
  const report: FiguresCheckReport = {
    since,
    orders: 0,
    returns: 0,
    events: 0,
    days: 0,
    ordersBehind: 0,
    ordersUncounted: 0,
    mismatches: [],
    corrected: 0,
    left: 0,
  };

  // Orders: any figure dated on a day from `since` on was written at or after that day began, so orders changed
  // since then hold them all. First, each order's own count against the order.
  let batch: { _id: ObjectId; figures: DayIncrements }[] = [];
  const uncounted: { _id: ObjectId; figures: DayIncrements }[] = [];
  const settleBatch = async () => {
    const counted = await Promise.all(batch.map((o) => dailyFiguresRepository.countedFor(o._id)));
    for (const [i, o] of batch.entries()) {
      const c = counted[i];
      if (!c) uncounted.push(o);
      else if (c.pending || Object.keys(figuresDelta(c.figures, o.figures)).length) {
        report.ordersBehind += 1;
        if (opts.fix) await dailyFiguresRepository.syncOrder(o._id);
      }
    }
    batch = [];
  };
  for await (const order of dailyFiguresRepository.ordersChangedSince(sinceAt)) {
    report.orders += 1;
    const figures = orderFigures(order);
    if (Object.keys(figures).length) batch.push({ _id: order._id, figures });
    if (batch.length >= PARALLEL) await settleBatch();
  }
  await settleBatch();
  report.ordersUncounted = uncounted.length;
  if (opts.fix && uncounted.length) {
    // A full rebuild records them and lets the corrections add them (one write per order, not per day); a check from
    // a day on counts each through the live path, since their figures may fall on days before it.
    if (since === null) await dailyFiguresRepository.recordUncounted(uncounted);
    else for (const o of uncounted) await dailyFiguresRepository.syncOrder(o._id);
  }

  // The snapshot: months (with the days before `since` in them) before days, each with its version.
  const fromMonth = since ? monthOf(since) : null;
  const { shop, pieces } = await dailyFiguresRepository.monthsSince(fromMonth);
  const storedDays = await dailyFiguresRepository.storedSince(fromMonth ? `${fromMonth}-01` : null);

  // Then the raw data.
  const expected: DayIncrements = {};
  for await (const order of dailyFiguresRepository.ordersChangedSince(sinceAt)) addFigures(expected, from(orderFigures(order), since));
  for await (const request of dailyFiguresRepository.returnsSince(sinceAt)) {
    report.returns += 1;
    addFigures(expected, from(returnFigures(request), since));
  }
  let events: { productId: string; type: 'view' | 'click'; at: Date }[] = [];
  for await (const e of dailyFiguresRepository.eventsSince(sinceAt)) {
    report.events += 1;
    events.push(e);
    if (events.length >= 10_000) {
      addFigures(expected, from(eventFigures(events), since));
      events = [];
    }
  }
  addFigures(expected, from(eventFigures(events), since));

  const stored = new Map(storedDays.filter((d) => since === null || d._id >= since).map((d) => [d._id, d]));
  const days = [...new Set([...stored.keys(), ...Object.keys(expected)])].sort();
  report.days = days.length;
  for (const day of days) {
    const doc = stored.get(day);
    await compare(
      report,
      opts.fix,
      { target: 'day', id: day, v: doc ? (doc.v ?? 0) : null },
      doc ? flattenDay(doc) : {},
      expected[day] ?? {},
    );
  }

  // Each month's shop and pieces documents must hold what its days hold: the raw data's from `since` on, the stored
  // days' before it.
  const monthDays: DayIncrements = {};
  for (const d of storedDays) if (since !== null && d._id < since) monthDays[d._id] = flattenDay(d);
  for (const [day, paths] of Object.entries(expected)) monthDays[day] = paths;
  const expectedMonths = new Map<string, Record<string, number>>(
    writesOf(monthDays).flatMap((w) => (w.target === 'day' ? [] : [[`${w.target}:${w.id}`, w.inc] as const])),
  );
  const storedMonths = new Map<string, { v: number; paths: Record<string, number> }>([
    ...shop.map((m) => [`shopMonth:${m._id}`, { v: m.v ?? 0, paths: flattenShopMonth(m) }] as const),
    ...pieces.map((m) => [`pieceMonth:${m._id}`, { v: m.v ?? 0, paths: flattenDay({ _id: m._id, products: m.products }) }] as const),
  ]);
  for (const key of [...new Set([...storedMonths.keys(), ...expectedMonths.keys()])].sort()) {
    const [target, id] = key.split(':') as ['shopMonth' | 'pieceMonth', string];
    const have = storedMonths.get(key);
    await compare(report, opts.fix, { target, id, v: have ? have.v : null }, have?.paths ?? {}, expectedMonths.get(key) ?? {});
  }
  return report;
}
