import { STOCK_MOVEMENT_CAUSES, STOCK_REASONS, type StockMovement, type StockMovementCause, type StockReason } from '@shared/inventory';
import type { StockLedgerResponse } from '@shared/api/inventory';
import type { StockLedgerDoc } from '../collections';
import { notFound } from '../errors';
import { stockLedgerRepository, type UnitBalance } from '../repositories/stock-ledger.repository';

/** Movements that belong to an order (their ref is its id) and to a return (its id). */
const ORDER_CAUSES: ReadonlySet<StockMovementCause> = new Set(['order', 'cancelled', 'paid-late']);
const RETURN_CAUSES: ReadonlySet<StockMovementCause> = new Set(['return-received', 'replacement', 'replacement-undone']);

/** What a movement reads as: its cause, or an admin's reason with their note. */
function label(m: StockLedgerDoc): string {
  if (m.cause !== 'admin' || !m.reason) return STOCK_MOVEMENT_CAUSES[m.cause];
  const reason = m.reason in STOCK_REASONS ? STOCK_REASONS[m.reason as StockReason] : STOCK_MOVEMENT_CAUSES.admin;
  return m.note ? `${reason}: ${m.note}` : reason;
}

/** What the stock check found: how many units it read, and those whose ledger and stock disagree. */
export interface StockCheckReport {
  units: number;
  disagreeing: UnitBalance[];
}

/** Whether a unit's stock is what its ledger says (pieces orders are taking right now counted as still there). */
export const agrees = (b: UnitBalance): boolean => b.stock + b.inFlight === b.ledgerTotal;

/**
 * The stock ledger as admins and operators read it: a unit's history, and the check that every unit's stock
 * is its opening plus every movement since.
 */
export const stockLedgerService = {
  /** A unit's movements, newest first, each with the stock after it; and the figures the check compares. */
  async history(unit: string): Promise<Omit<StockLedgerResponse, 'success'>> {
    const [[balance], { movements, more }] = await Promise.all([
      stockLedgerRepository.balances([unit]),
      stockLedgerRepository.history(unit),
    ]);
    if (!balance) throw notFound('That product (or size)');
    // Walking back from the ledger's total gives the stock after each movement.
    let after = balance.ledgerTotal;
    const listed: StockMovement[] = movements.map((m) => {
      const row: StockMovement = {
        at: m.at.toISOString(),
        change: m.d,
        cause: m.cause,
        label: label(m),
        orderId: ORDER_CAUSES.has(m.cause) ? (m.ref ?? null) : null,
        returnId: RETURN_CAUSES.has(m.cause) ? (m.ref ?? null) : null,
        by: m.by ?? null,
        stockAfter: after,
      };
      after -= m.d;
      return row;
    });
    return { unit, stock: balance.stock, inFlight: balance.inFlight, ledgerTotal: balance.ledgerTotal, movements: listed, more };
  },

  /** Copies movements waiting on units into the ledger (the scheduled job). Returns how many. */
  async record(): Promise<number> {
    return stockLedgerRepository.flush();
  },

  /** Checks every unit: its stock, plus what orders are taking right now, against the sum of its movements. */
  async check(): Promise<StockCheckReport> {
    await stockLedgerRepository.startMissing();
    await stockLedgerRepository.flush();
    const balances = await stockLedgerRepository.balances();
    return { units: balances.length, disagreeing: balances.filter((b) => !agrees(b)) };
  },
};
