import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '@shared/discounts';
import { EMPTY_DISCOUNT_FORM, formFromCode, formToBody, parseDiscountForm, usesText, validityText } from './admin-discounts';
import { $discountForm, $discountList, openCreate, setField, submitForm } from './admin-discounts.store';

const saved: DiscountCode = {
  code: 'DIWALI10',
  kind: 'percent',
  value: 10,
  minOrder: 1000,
  maxOff: 500,
  startsAt: '2026-10-19T18:30:00.000Z',
  endsAt: '2026-11-05T18:29:00.000Z',
  totalUses: 100,
  perShopperUses: 1,
  firstOrderOnly: false,
  status: 'active',
  used: 3,
  note: 'Diwali mailer',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  updatedBy: 'admin:9876543210',
};

describe('the discount form', () => {
  it('shows a saved code with its dates in India time and sends it back unchanged', () => {
    const form = formFromCode(saved);
    expect(form).toMatchObject({ validFrom: '2026-10-20T00:00', validTo: '2026-11-05T23:59', maxOff: '500', totalUses: '100' });
    const parsed = parseDiscountForm(form);
    expect(parsed.ok && parsed.input).toMatchObject({ code: 'DIWALI10', value: 10, maxOff: 500, validFrom: '2026-10-20T00:00' });
  });

  it('treats empty boxes as no limit and drops a cap left behind on a flat code', () => {
    const body = formToBody({ ...EMPTY_DISCOUNT_FORM, code: 'flat200', kind: 'flat', value: '200', maxOff: '50' });
    expect(body).toMatchObject({ maxOff: null, totalUses: null, perShopperUses: null, validFrom: null, minOrder: 0 });
  });

  it('puts the schema messages by their fields', () => {
    const over = parseDiscountForm({ ...EMPTY_DISCOUNT_FORM, code: 'BIG', value: '120' });
    expect(!over.ok && over.errors.value).toBe('A percentage must be at most 100');
    const backwards = parseDiscountForm({
      ...EMPTY_DISCOUNT_FORM,
      code: 'BACK',
      value: '5',
      validFrom: '2026-11-05T10:00',
      validTo: '2026-11-01T10:00',
    });
    expect(!backwards.ok && backwards.errors.validTo).toBe('Valid to must be after Valid from (the code would never apply)');
    const empty = parseDiscountForm(EMPTY_DISCOUNT_FORM);
    expect(!empty.ok && Object.keys(empty.errors).sort()).toEqual(['code', 'value']);
  });

  it('reads validity and uses in words', () => {
    expect(validityText(saved)).toBe('20 Oct 2026, 12:00 am – 5 Nov 2026, 11:59 pm');
    expect(validityText({ startsAt: null, endsAt: null })).toBe('No end date');
    expect(usesText({ used: 3, totalUses: null })).toBe('3 / no limit');
  });
});

describe('the discounts store', () => {
  it('does not send a form the schema refuses, and shows a taken code by the code box', async () => {
    $discountList.set({ status: 'ready', codes: [] });
    openCreate();
    let calls = 0;
    const fake = (async () => {
      calls++;
      return new Response(JSON.stringify({ success: false, message: 'A code DIWALI10 already exists.' }), { status: 409 });
    }) as typeof fetch;
    setField('code', 'diwali10');
    expect(await submitForm(fake)).toBe(false);
    expect(calls).toBe(0);
    expect($discountForm.get().errors.value).toBeTruthy();
    setField('value', '10');
    expect(await submitForm(fake)).toBe(false);
    expect(calls).toBe(1);
    expect($discountForm.get()).toMatchObject({
      message: 'A code DIWALI10 already exists.',
      errors: { code: 'A code DIWALI10 already exists.' },
    });
  });
});
