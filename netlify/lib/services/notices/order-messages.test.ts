import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../collections';
import { emailFor, noticeKeys, smsFor } from './order-messages';

const id = new ObjectId('6b06e61d280ef5e580a37e66');

/** A stored cash-on-delivery order of a chain in one length and a pair of studs. */
function order(overrides: Partial<OrderDoc> = {}): OrderDoc {
  const at = new Date('2026-11-20T10:00:00Z');
  return {
    _id: id,
    userId: new ObjectId(),
    orderNumber: 'HRM-A37E66',
    products: [
      {
        productId: new ObjectId(),
        name: 'Box Chain',
        slug: 'box-chain',
        thumbnail: '',
        image: '',
        size: '18 in',
        sizeName: 'Length',
        price: 1099,
        quantity: 1,
      },
      {
        productId: new ObjectId(),
        name: 'Pearl Studs',
        slug: 'pearl-studs',
        thumbnail: '',
        image: '',
        size: null,
        sizeName: null,
        price: 450,
        quantity: 2,
      },
    ],
    shippingInfo: {
      firstName: 'Meera',
      lastName: 'Shah',
      email: 'meera@example.in',
      address: '21 Residency Road',
      apartment: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      phone: '9812345678',
      country: 'India',
    },
    billingInfo: {
      firstName: 'Meera',
      lastName: 'Shah',
      address: '21 Residency Road',
      apartment: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      phone: '9812345678',
      country: 'India',
    },
    paymentMethod: 'cod',
    subtotal: 1999,
    shippingCost: 100,
    totalAmount: 2099,
    status: 'confirmed',
    paymentStatus: 'cod_pending',
    stock: { state: 'taken', holdExpiresAt: null },
    statusHistory: [{ status: 'confirmed', at, by: 'customer' }],
    needsAttention: null,
    refund: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const ctx = { siteUrl: 'https://shop.example', firstName: 'Meera', phone: '9812345678' };

describe('order messages', () => {
  it('a confirmation text names the order, the amount in GSM characters (Rs, not ₹) and links to the order', () => {
    expect(smsFor('confirmed', order(), ctx)).toEqual({
      to: '9812345678',
      template: 'order_confirmed',
      vars: { order: 'HRM-A37E66', amount: 'Rs 2,099', link: `https://shop.example/Order-success/${id.toHexString()}` },
      text: `Chandi Kala: order HRM-A37E66 for Rs 2,099 is confirmed. Please pay Rs 2,099 in cash on delivery. Details: https://shop.example/Order-success/${id.toHexString()}`,
    });
  });

  it('the email lists each line with its size, the COD fee, the address and the links; a text is always queued, an email only with an address', () => {
    const mail = emailFor('confirmed', order(), ctx, 'meera@example.in');
    expect(mail.subject).toBe('Chandi Kala: Order HRM-A37E66 is confirmed');
    expect(mail.text).toContain('Box Chain (Length: 18 in) × 1  ₹1,099');
    expect(mail.text).toContain('Pearl Studs × 2  ₹900');
    expect(mail.text).toMatch(/COD fee: ₹100\s+Total: ₹2,099/);
    expect(mail.text).toContain(`Tax invoice: https://shop.example/invoice/${id.toHexString()}`);
    expect(mail.html).toContain('Box Chain (Length: 18 in)');
    // Shopper text is escaped in the HTML part.
    expect(
      emailFor('confirmed', order({ shippingInfo: { ...order().shippingInfo, address: '<b>21</b> Road' } }), ctx, 'x@y.in').html,
    ).toContain('&lt;b&gt;21&lt;/b&gt; Road');
    expect(noticeKeys('confirmed', order())).toEqual(['confirmed:sms', 'confirmed:email']);
    expect(noticeKeys('confirmed', order({ shippingInfo: { ...order().shippingInfo, email: '' } }))).toEqual(['confirmed:sms']);
    expect(noticeKeys('shipped', order())).toEqual(['shipped:sms']);
  });
});
