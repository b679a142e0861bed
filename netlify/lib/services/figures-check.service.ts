import type { ObjectId } from 'mongodb';
import { indiaDayStart } from '@shared/india-time';
import type { DailyFiguresDoc } from '../collections';
import { dailyFiguresRepository, PENDING_STALE_MS } from '../repositories/daily-figures.repository';
import { addFigures, eventFigures, figuresDelta, orderFigures, returnFigures, type DayIncrements } from '../repositories/order-figures';

/** One figure that did not match its raw data. */
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
  /** Days corrected; a day written meanwhile is left for the next check. */
  daysCorrected: number;
  daysLeft: number;
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

/** Only the days from `since` on. */
function from(f: DayIncrements, since: string | null): DayIncrements {
  return since ? Object.fromEntries(Object.entries(f).filter(([day]) => day >= since)) : f;
}

/**
 * Recomputes the daily figures from the raw orders, return requests and product events (every day, or those from
 * `since` on) and compares them with the stored ones. With `fix` it first finishes changes a dead process left
 * half-applied and recounts orders whose count is behind (each through the same once-only path as live changes),
 * then corrects each day that still differs with one $inc pinned to the version it compared, so a change counted
 * meanwhile makes the correction wait for the next check instead of counting twice.
 */
export async function checkFigures(opts: { since: string | null; fix: boolean; now?: Date }): Promise<FiguresCheckReport> {
  const since = opts.since;
  const sinceAt = since ? indiaDayStart(since) : null;
  const now = opts.now ?? new Date();
  if (opts.fix) {
    for (const id of await dailyFiguresRepository.stalePending(new Date(now.getTime() - PENDING_STALE_MS)))
      await dailyFiguresRepository.syncOrder(id);
  }

  const expected: DayIncrements = {};
  const report: FiguresCheckReport = {
    since,
    orders: 0,
    returns: 0,
    events: 0,
    days: 0,
    ordersBehind: 0,
    ordersUncounted: 0,
    mismatches: [],
    daysCorrected: 0,
    daysLeft: 0,
  };

  // Orders: any figure dated on a day from `since` on was written at or after that day began, so orders changed
  // since then hold them all.
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
    addFigures(expected, from(figures, since));
    if (Object.keys(figures).length) batch.push({ _id: order._id, figures });
    if (batch.length >= PARALLEL) await settleBatch();
  }
  await settleBatch();
  report.ordersUncounted = uncounted.length;
  if (opts.fix && uncounted.length) await dailyFiguresRepository.recordUncounted(uncounted);

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

  const stored = new Map((await dailyFiguresRepository.storedSince(since)).map((d) => [d._id, d]));
  const days = [...new Set([...stored.keys(), ...Object.keys(expected)])].sort();
  report.days = days.length;
  for (const day of days) {
    const doc = stored.get(day);
    const diff = figuresDelta({ [day]: doc ? flattenDay(doc) : {} }, { [day]: expected[day] ?? {} })[day];
    if (!diff) continue;
    const have = doc ? flattenDay(doc) : {};
    for (const [path, d] of Object.entries(diff))
      report.mismatches.push({ day, path, stored: have[path] ?? 0, expected: (have[path] ?? 0) + d });
    if (!opts.fix) continue;
    if (await dailyFiguresRepository.correctDay(day, doc ? (doc.v ?? 0) : null, diff)) report.daysCorrected += 1;
    else report.daysLeft += 1;
  }
  return report;
}
