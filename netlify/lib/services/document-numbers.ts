/**
 * The claim pattern that numbers a GST document (an invoice, a credit note) exactly once: one request claims
 * the document (a conditional update only one can win), takes the next number of the financial year from an
 * atomic counter and writes it under its claim; concurrent first requests wait for that number instead of
 * taking their own, so a document never gets two numbers and a number never goes to two documents (the
 * counter's $inc gives each value once). A claim left by a request that died goes stale and may be taken over.
 */
import { randomUUID } from 'node:crypto';
import { financialYear } from '@shared/invoice/gst';
import { AppError } from '../errors';
import { countersRepository } from '../repositories/counters.repository';
import { failPoint } from '../failpoints';
import { sleep } from '../sleep';

/** A claim older than this belongs to a request that died; another request may then number the document. */
const CLAIM_STALE_MS = 30_000;
/** How long a request waits for a concurrent one to finish numbering. */
const WAIT_MS = 10_000;

/** How one kind of document is claimed, numbered and read back. */
interface NumberedDocument<T> {
  /** The counter's series ('invoice', 'credit-note'): one sequence per series and financial year. */
  series: string;
  /** The document's number from its financial year and sequence value: 'INV/2026-27/000001'. */
  format: (fy: string, sequence: number) => string;
  /** Claims the document for `claimId` unless it is numbered or freshly claimed (a claim from before `staleBefore` is stale). */
  claim: (claimId: string, at: Date, staleBefore: Date) => Promise<unknown>;
  /** Writes the number if the claim is still this request's; the numbered document, or null. */
  write: (claimId: string, number: string, at: Date) => Promise<T | null>;
  /** The document as stored now. */
  reread: () => Promise<T | null>;
  /** Whether a document has its number. */
  numbered: (doc: T) => boolean;
  /** Whether waiting is pointless (the document is gone or can no longer be numbered). */
  hopeless?: (doc: T | null) => boolean;
  /** The 503's message when the number does not arrive in time. */
  busy: string;
}

/** Numbers a document once by the claim pattern; the numbered document. */
export async function issueNumber<T>(doc: NumberedDocument<T>): Promise<T> {
  const claimId = randomUUID();
  const now = new Date();
  if (await doc.claim(claimId, now, new Date(now.getTime() - CLAIM_STALE_MS))) {
    const fy = financialYear(now);
    const seq = await countersRepository.next(`${doc.series}:${fy}`);
    // Dying here leaves the number on no document: the recovery records it void (document-number-gaps.ts).
    failPoint('document-number.after-counter');
    const issued = await doc.write(claimId, doc.format(fy, seq), now);
    if (issued) return issued;
  }
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await sleep(50)) {
    const current = await doc.reread();
    if (current && doc.numbered(current)) return current;
    if (doc.hopeless?.(current)) break;
  }
  throw new AppError(503, doc.busy);
}
