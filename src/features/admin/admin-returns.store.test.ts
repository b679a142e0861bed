import { describe, expect, it, vi } from 'vitest';
import type { AdminReturnRequest } from '@shared/api/returns';
import { $returnDraft, $returns, awaitsRefund, consequence, reviewStep, sendStep, startStep, stepsFor } from './admin-returns.store';

/** A request as the admin's list reads it; override what the test is about. */
function makeRequest(overrides: Partial<AdminReturnRequest> = {}): AdminReturnRequest {
  return {
    _id: '65f1a2b3c4d5e6f7a8b9c0d1-0',
    orderId: '65f1a2b3c4d5e6f7a8b9c0d1',
    orderNumber: 'HRM-B9C0D1',
    lineIndex: 0,
    name: 'Lotus Ring',
    size: '12',
    replacementSize: null,
    quantity: 1,
    kind: 'refund',
    reason: 'changed_mind',
    note: 'Too small',
    status: 'requested',
    adminNote: '',
    condition: null,
    shipment: null,
    refundRef: null,
    history: [{ status: 'requested', at: '2026-11-26T06:00:00.000Z', by: 'customer' }],
    createdAt: '2026-11-26T06:00:00.000Z',
    customer: { name: 'Meera Shah', phone: '9812345678' },
    emailed: true,
    ...overrides,
  };
}

describe('the admin’s return steps', () => {
  it('offers the steps of where a request is; a lost parcel has nothing to receive', () => {
    expect(stepsFor(makeRequest())).toEqual(['approve', 'reject']);
    expect(stepsFor(makeRequest({ status: 'approved' }))).toEqual(['receive']);
    expect(stepsFor(makeRequest({ status: 'received', kind: 'replacement', reason: 'defect' }))).toEqual(['ship']);
    expect(stepsFor(makeRequest({ status: 'approved', kind: 'replacement', reason: 'not_received' }))).toEqual(['ship']);
    expect(stepsFor(makeRequest({ status: 'replacement_shipped', kind: 'replacement' }))).toEqual(['delivered']);
    expect(stepsFor(makeRequest({ status: 'rejected' }))).toEqual([]);
    expect(awaitsRefund(makeRequest({ status: 'received' }))).toBe(true);
    expect(awaitsRefund(makeRequest({ status: 'approved', reason: 'not_received' }))).toBe(true);
    expect(awaitsRefund(makeRequest({ status: 'approved' }))).toBe(false);
  });

  it('says what each step does before it is sent', () => {
    const r = makeRequest({ quantity: 2 });
    expect(consequence({ action: 'approve', condition: '', note: '' }, r)).toBe(
      'Approve this refund? The shopper will be texted and emailed to send the piece back.',
    );
    expect(consequence({ action: 'receive', condition: 'sellable', note: '' }, r)).toBe(
      'Mark received in sellable condition? 2 pieces go back into stock (size 12).',
    );
    expect(consequence({ action: 'receive', condition: 'sellable', note: '' }, makeRequest({ size: null }))).toBe(
      'Mark received in sellable condition? 1 piece goes back into stock.',
    );
    expect(consequence({ action: 'receive', condition: 'damaged', note: '' }, r)).toBe('Mark received as damaged? Stock stays as it is.');
  });

  it('names email only when the order has an address (the server says so in `emailed`)', () => {
    const replacement = { kind: 'replacement' as const, reason: 'defect' as const, status: 'received' as const };
    const ship = { action: 'ship' as const, condition: '' as const, note: '' };
    const reject = { action: 'reject' as const, condition: '' as const, note: 'Worn' };
    const approve = { action: 'approve' as const, condition: '' as const, note: 'Use the box' };
    expect(consequence(reject, makeRequest())).toBe(
      'Reject this request? The shopper will be texted and emailed with your note. Nothing else changes.',
    );
    expect(consequence(ship, makeRequest(replacement))).toBe(
      'Ship the replacement free of charge? 1 piece of Lotus Ring in size 12 is taken from stock, and the shopper will be texted and emailed the courier and tracking number.',
    );
    const textOnly = { emailed: false };
    expect(consequence(approve, makeRequest(textOnly))).toBe(
      'Approve this refund? The shopper will be texted to send the piece back, with your note.',
    );
    expect(consequence(reject, makeRequest(textOnly))).toBe(
      'Reject this request? The shopper will be texted with your note. Nothing else changes.',
    );
    expect(consequence(ship, makeRequest({ ...replacement, ...textOnly }))).toBe(
      'Ship the replacement free of charge? 1 piece of Lotus Ring in size 12 is taken from stock, and the shopper will be texted the courier and tracking number.',
    );
  });

  it('a rejection needs a note before it asks to confirm; a 409 keeps the form open with the message and reloads', async () => {
    $returns.set({ status: 'ready', returns: [makeRequest()] });
    startStep(makeRequest()._id, 'reject');
    reviewStep();
    expect($returnDraft.get()).toMatchObject({ confirming: false, error: 'Write why the request is rejected' });
    $returnDraft.set({ ...$returnDraft.get()!, note: 'Worn' });
    reviewStep();
    expect($returnDraft.get()?.confirming).toBe(true);
    const fetchImpl = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? new Response(JSON.stringify({ success: false, message: 'This request is already approved. Reload to see it.' }), { status: 409 })
        : new Response(JSON.stringify({ success: true, returns: [makeRequest({ status: 'approved' })] }), { status: 200 }),
    );
    await sendStep(fetchImpl as unknown as typeof fetch);
    expect($returnDraft.get()).toMatchObject({ error: 'This request is already approved. Reload to see it.', confirming: false });
    await vi.waitFor(() => expect($returns.get()).toMatchObject({ status: 'ready', returns: [{ status: 'approved' }] }));
  });
});
