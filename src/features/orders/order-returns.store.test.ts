import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../tests/fixtures/orders';
import { nextStepText } from '@shared/returns';
import { $returnForm, openReturnForm, returnBody, returnByText, reviewReturn, setReturnField, whatHappens } from './order-returns.store';

const deliveredAt = '2026-11-26T06:30:00.000Z';
const delivered = makeOrder({
  status: 'delivered',
  statusHistory: [
    { status: 'confirmed', at: '2026-11-20T10:00:00.000Z', by: 'customer' },
    { status: 'delivered', at: deliveredAt, by: 'admin:9812345678' },
  ],
});
const at = (hours: number) => new Date(new Date(deliveredAt).getTime() + hours * 3_600_000);

describe('the shopper’s return form', () => {
  it('shows the last day while the window is open, and nothing before delivery or after', () => {
    expect(returnByText(delivered, at(1))).toBe('Return or replace by Thu, 3 Dec');
    expect(returnByText(delivered, at(7 * 24 + 1))).toBeNull();
    expect(returnByText(makeOrder(), at(1))).toBeNull();
  });

  it('asks for a reason and a note, refuses a replacement for a change of mind, and wants the size for a size swap', () => {
    openReturnForm(delivered._id, 0);
    reviewReturn(delivered, at(1));
    expect($returnForm.get()?.error).toBe('Choose a reason.');
    setReturnField({ reason: 'changed_mind', kind: 'replacement' });
    reviewReturn(delivered, at(1));
    expect($returnForm.get()?.error).toMatch(/^A replacement is for/);
    setReturnField({ kind: 'refund' });
    reviewReturn(delivered, at(1));
    expect($returnForm.get()?.error).toBe('Write a note saying what is wrong');
    setReturnField({ note: 'Too small' });
    reviewReturn(delivered, at(1));
    expect($returnForm.get()).toMatchObject({ step: 'confirm', error: null });
    const f = { ...$returnForm.get()!, kind: 'replacement' as const, reason: 'size' as const };
    expect(returnBody(f, delivered, at(1))).toEqual({ error: 'Write the size you want instead.' });
    expect(returnBody({ ...f, size: '14' }, delivered, at(1))).toMatchObject({ body: { kind: 'replacement', reason: 'size', size: '14' } });
    expect(returnBody({ ...f, reason: 'damaged', size: '' }, delivered, at(49))).toMatchObject({
      error: expect.stringMatching(/48 hours/),
    });
  });
});

describe('what the shopper is told will happen', () => {
  it('names email only when the order has an address, and promises no message the shop does not send', () => {
    openReturnForm(delivered._id, 0);
    setReturnField({ reason: 'size', kind: 'replacement', note: 'Too small', size: '14' });
    const form = $returnForm.get()!;
    expect(whatHappens(form, true)).toBe(
      'We will look at your request within 2 working days and text and email you our answer. Once approved, send the piece back; when it reaches us we send the replacement free of charge and text and email you its tracking number.',
    );
    expect(whatHappens(form, false)).toBe(
      'We will look at your request within 2 working days and text you our answer. Once approved, send the piece back; when it reaches us we send the replacement free of charge and text you its tracking number.',
    );

    const refund = { kind: 'refund' as const, reason: 'changed_mind' as const };
    expect(nextStepText({ ...refund, status: 'requested' }, true)).toBe(
      'We will look at your request within 2 working days and text and email you our answer.',
    );
    expect(nextStepText({ ...refund, status: 'requested' }, false)).toBe(
      'We will look at your request within 2 working days and text you our answer.',
    );
    // Receiving the piece sends nothing: its refund is what the shopper hears of next.
    expect(nextStepText({ ...refund, status: 'approved' }, false)).toBe(
      'Please send the piece back in its original packing; once it reaches us we refund it and text you.',
    );
    expect(nextStepText({ kind: 'replacement', reason: 'defect', status: 'approved' }, true)).toBe(
      'Please send the piece back in its original packing; once it reaches us we send the replacement free of charge and text and email you its tracking number.',
    );
    expect(nextStepText({ kind: 'replacement', reason: 'not_received', status: 'approved' }, false)).toBe(
      'We will send you a replacement free of charge and text you its tracking number.',
    );
  });
});
