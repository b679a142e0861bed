import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../collections';
import { emailFor, noticeKeys, smsFor } from './order-messages';
import { billingAddress, storedShippingAddress } from '../../../../tests/fixtures/addresses';

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
    shippingInfo: { ...storedShippingAddress },
    billingInfo: { ...billingAddress },
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

  describe('an order with a discount code', () => {
    // DIWALI10 on ₹1,999 of items: ₹199.90 off, so ₹1,999 − ₹199.90 + ₹100 COD fee = ₹1,899.10.
    const discounted = (overrides: Partial<OrderDoc> = {}) =>
      order({ discount: { code: 'DIWALI10', kind: 'percent', value: 10, maxOff: null, amount: 199.9 }, totalAmount: 1899.1, ...overrides });
    const link = `https://shop.example/Order-success/${id.toHexString()}`;

    it('the confirmation text says briefly what the code saved, with paise written out', () => {
      const sms = smsFor('confirmed', discounted(), ctx);
      expect(sms.text).toBe(
        `Chandi Kala: order HRM-A37E66 for Rs 1,899.10 is confirmed. Please pay Rs 1,899.10 in cash on delivery. Saved Rs 199.90 with DIWALI10. Details: ${link}`,
      );
      expect(sms.vars).toEqual({ order: 'HRM-A37E66', amount: 'Rs 1,899.10', link, saving: 'Saved Rs 199.90 with DIWALI10.' });
      const online = smsFor(
        'confirmed',
        discounted({
          paymentMethod: 'razorpay',
          paymentStatus: 'paid',
          shippingCost: 0,
          discount: { code: 'FLAT200', kind: 'flat', value: 200, maxOff: null, amount: 200 },
          totalAmount: 1799,
        }),
        ctx,
      );
      expect(online.text).toBe(
        `Chandi Kala: payment of Rs 1,799 received, order HRM-A37E66 is confirmed. Saved Rs 200 with FLAT200. Details: ${link}`,
      );
    });

    it('the confirmation email has the discount row between the subtotal and the COD fee', () => {
      const mail = emailFor('confirmed', discounted(), ctx, 'meera@example.in');
      expect(mail.text).toMatch(/Subtotal: ₹1,999\s+Discount \(DIWALI10\): −₹199\.90\s+COD fee: ₹100\s+Total: ₹1,899\.10/);
      expect(mail.html).toMatch(/Discount \(DIWALI10\)<\/td><td [^>]*>−₹199\.90</);
      expect(mail.html.indexOf('Discount (DIWALI10)')).toBeLessThan(mail.html.indexOf('COD fee'));
    });

    it('without a discount neither says anything about one', () => {
      expect(smsFor('confirmed', order(), ctx).text).not.toContain('Saved');
      expect(emailFor('confirmed', order({ discount: undefined }), ctx, 'meera@example.in').text).not.toContain('Discount');
    });
  });
});

describe('the shipped message', () => {
  const shipment = {
    courier: 'Blue Dart',
    awb: 'BD77001234',
    trackingUrl: null,
    expectedDelivery: '2026-12-04',
    shippedAt: new Date('2026-11-26T06:00:00Z'),
    by: 'admin:9800000001',
  };

  it('names the courier and the tracking number in the text, and the email links the courier’s page with the expected day', () => {
    const shipped = order({ status: 'shipped', shipment });
    expect(smsFor('shipped', shipped, ctx).text).toBe(
      'Chandi Kala: your order HRM-A37E66 is now Shipped with Blue Dart (AWB BD77001234). Details: https://shop.example/Order-success/6b06e61d280ef5e580a37e66',
    );
    const mail = emailFor('shipped', shipped, ctx, 'meera@example.in');
    expect(mail.subject).toBe('Chandi Kala: Order HRM-A37E66 has shipped');
    expect(mail.text).toContain(
      "Your order HRM-A37E66 has shipped with Blue Dart, tracking number BD77001234. The courier expects to deliver it by Fri, 4 Dec. Follow it on Blue Dart's site: https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=BD77001234",
    );
  });
});
