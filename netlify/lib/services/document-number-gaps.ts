/**
 * GST document numbers without unexplained gaps. A number is taken from its series' counter before it is
 * written on its invoice or credit note (document-numbers.ts); a process that dies in between, or a claim taken
 * over by another request, leaves that number on no document. The recovery job finds such numbers and records
 * them void with the reason, and the accountant's export lists them, so the series reads complete.
 */
import { invoiceNumber } from '@shared/invoice/gst';
import { countersRepository } from '../repositories/counters.repository';
import { creditNotesRepository } from '../repositories/credit-notes.repository';
import { ordersRepository } from '../repositories/orders.repository';
import { creditNoteNumber } from './credit-notes.service';
import { sleep } from '../sleep';

/** Each numbered series: how its numbers are written, and which of them are on a document. */
const SERIES = {
  invoice: { format: invoiceNumber, used: (numbers: string[]) => ordersRepository.invoiceNumbersIn(numbers) },
  'credit-note': { format: creditNoteNumber, used: (numbers: string[]) => creditNotesRepository.numbersIn(numbers) },
} as const;

/** What a void number's record says. */
const VOID_REASON = 'Taken for a document by a request that stopped (or lost its claim) before writing it; no document carries it.';

/**
 * Records void every number taken more than `staleMs` ago that no document carries. The counter is read at
 * each run: the numbers below what the previous run saw were taken before it, so after `staleMs` none of them
 * is still on its way to a document (a live request writes its number within seconds). `settleNow` (after an
 * outage) checks up to the counter as it was `staleMs` before. Idempotent; two runs at once record each
 * number once. Returns the numbers recorded void now.
 */
export async function recordUnusedNumbers(now: Date, staleMs: number, settleNow = false): Promise<string[]> {
  const recorded: string[] = [];
  const counters = await countersRepository.documentSeries(Object.keys(SERIES));
  // After an outage the shop may already be serving again: numbers taken in the last moments may be on their way
  // to a document, so settle-now waits that long and checks only the numbers taken before it looked.
  if (settleNow && counters.length) await sleep(staleMs);
  for (const counter of counters) {
    const [series, fy] = counter.name.split(':') as [keyof typeof SERIES, string];
    const audit = counter.audit;
    if (!settleNow && audit && now.getTime() - audit.at.getTime() < staleMs) continue;
    const from = (audit?.through ?? 0) + 1;
    const through = settleNow ? counter.seq : (audit?.seenSeq ?? 0);
    const numbers = Array.from({ length: Math.max(0, through - from + 1) }, (_, i) => SERIES[series].format(fy, from + i));
    const used = new Set<string>();
    // In slices, so a year's first check never sends one huge $in.
    for (let i = 0; i < numbers.length; i += 500) for (const n of await SERIES[series].used(numbers.slice(i, i + 500))) used.add(n);
    const unused = numbers.filter((n) => !used.has(n));
    recorded.push(
      ...(await countersRepository.recordVoid(
        unused.map((n) => ({ _id: n, series, sequence: from + numbers.indexOf(n), at: now, reason: VOID_REASON })),
      )),
    );
    await countersRepository.setAudit(counter.name, audit, {
      through: Math.max(through, audit?.through ?? 0),
      seenSeq: counter.seq,
      at: now,
    });
  }
  return recorded;
}
