import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../collections';
import { emailFor, noticeKeys, refundNoticeKeys, smsFor, type NoticeEvent } from './order-messages';
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
        pricePaise: 109_900,
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
        pricePaise: 45_000,
        quantity: 2,
      },
    ],
    shippingInfo: { ...storedShippingAddress },
    billingInfo: { ...billingAddress },
    paymentMethod: 'cod',
    subtotalPaise: 199_900,
    shippingPaise: 10_000,
    totalPaise: 209_900,
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
  });

  describe('an order with a discount code', () => {
    // DIWALI10 on ₹1,999 of items: ₹199.90 off, so ₹1,999 − ₹199.90 + ₹100 COD fee = ₹1,899.10.
    const discounted = (overrides: Partial<OrderDoc> = {}) =>
      order({
        discount: { code: 'DIWALI10', kind: 'percent', percent: 10, flatPaise: null, maxOffPaise: null, amountPaise: 19_990 },
        totalPaise: 189_910,
        ...overrides,
      });
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
          shippingPaise: 0,
          discount: { code: 'FLAT200', kind: 'flat', percent: null, flatPaise: 20_000, maxOffPaise: null, amountPaise: 20_000 },
          totalPaise: 179_900,
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

describe('which events email', () => {
  const withoutEmail = () => order({ shippingInfo: { ...order().shippingInfo, email: '' } });
  const events: NoticeEvent[] = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'refunded'];

  it('every event and every ledger refund queues a text and an email when the shopper gave an address, a text alone without', () => {
    for (const event of events) {
      expect(noticeKeys(event, order()), event).toEqual([`${event}:sms`, `${event}:email`]);
      expect(noticeKeys(event, withoutEmail()), event).toEqual([`${event}:sms`]);
    }
    expect(refundNoticeKeys('r1', order())).toEqual(['refund-r1:sms', 'refund-r1:email']);
    expect(refundNoticeKeys('r1', withoutEmail())).toEqual(['refund-r1:sms']);
  });
});

describe('the status emails', () => {
  const link = `https://shop.example/Order-success/${id.toHexString()}`;
  const shipment = {
    courier: 'Delhivery',
    awb: 'DL55501234',
    trackingUrl: null,
    expectedDelivery: null,
    shippedAt: new Date('2026-11-26T06:00:00Z'),
    by: 'admin:9800000001',
  };
  const history = (...steps: [string, string][]) =>
    steps.map(([status, at]) => ({ status, at: new Date(at), by: 'admin:9800000001' })) as OrderDoc['statusHistory'];
  const mail = (event: NoticeEvent, o: OrderDoc) => emailFor(event, o, ctx, 'meera@example.in');
  /** The email's opening sentence: the line after the greeting. */
  const leadOf = (m: { text: string }) => m.text.split('\n')[2];

  it('packed: says it goes to the courier soon and that we write again when it ships, with the cash to keep ready', () => {
    const m = mail('packed', order({ status: 'packed' }));
    expect(m.subject).toBe('Chandi Kala: Order HRM-A37E66 is packed');
    expect(leadOf(m)).toBe(
      'Your order HRM-A37E66 is packed and goes to the courier soon. We will write again with its tracking number when it ships. Please keep ₹2,099 ready in cash for the delivery.',
    );
    const paid = mail('packed', order({ status: 'packed', paymentMethod: 'razorpay', paymentStatus: 'paid' }));
    expect(leadOf(paid)).not.toContain('cash');
    // The summary, the address and the order link come with every step, as with the confirmation.
    expect(m.text).toContain('Box Chain (Length: 18 in) × 1  ₹1,099');
    expect(m.text).toContain(`Your order: ${link}`);
  });

  it('shipped: names the courier, the AWB and a tracking link, clickable in the HTML part', () => {
    const m = mail('shipped', order({ status: 'shipped', shipment }));
    expect(m.subject).toBe('Chandi Kala: Order HRM-A37E66 has shipped');
    const track = 'https://www.delhivery.com/track-v2/package/DL55501234';
    expect(leadOf(m)).toBe(
      `Your order HRM-A37E66 has shipped with Delhivery, tracking number DL55501234. Follow it on Delhivery's site: ${track} Please keep ₹2,099 ready in cash for the delivery.`,
    );
    expect(m.html).toContain(`<a href="${track}" style="color:#1f3a4d">${track}</a>`);
    // The admin's own link wins; a courier with no page of its own is followed from the order page.
    const own = mail('shipped', order({ status: 'shipped', shipment: { ...shipment, trackingUrl: 'https://track.example/x?a=1&b=2' } }));
    expect(leadOf(own)).toContain("Follow it on Delhivery's site: https://track.example/x?a=1&b=2");
    expect(own.html).toContain('<a href="https://track.example/x?a=1&amp;b=2"');
    const other = mail('shipped', order({ status: 'shipped', shipment: { ...shipment, courier: 'Shree Maruti' } }));
    expect(leadOf(other)).toContain(`Shree Maruti, tracking number DL55501234. Follow it from your order page: ${link}`);
  });

  it('out for delivery: says the courier is bringing it, with the parcel and the cash due', () => {
    const m = mail('out_for_delivery', order({ status: 'out_for_delivery', shipment }));
    expect(m.subject).toBe('Chandi Kala: Order HRM-A37E66 is out for delivery');
    expect(leadOf(m)).toBe(
      'Your order HRM-A37E66 is out for delivery (Delhivery, tracking number DL55501234): the courier is bringing it to you. Please keep ₹2,099 ready in cash for the delivery.',
    );
  });

  it('delivered: says how to ask for a return, until the day 7 days after delivery, and the 48 hours for a damaged parcel', () => {
    const delivered = order({
      status: 'delivered',
      paymentStatus: 'paid',
      shipment,
      statusHistory: history(['confirmed', '2026-11-20T10:00:00Z'], ['delivered', '2026-11-28T09:00:00Z']),
    });
    const m = mail('delivered', delivered);
    expect(m.subject).toBe('Chandi Kala: Order HRM-A37E66 is delivered');
    expect(leadOf(m)).toBe(
      'Your order HRM-A37E66 was delivered. We hope you love it. If a piece is not right, you can ask to return or replace it from your order page until Sat, 5 Dec (7 days after delivery); a damaged or missing parcel must be reported within 48 hours of delivery.',
    );
    expect(leadOf(m)).not.toContain('cash');
  });

  it('the confirmation promises texts and emails as the order moves (it goes only to a shopper with an address)', () => {
    expect(leadOf(mail('confirmed', order()))).toContain('we will text and email you as it moves');
  });

  it('a ledger refund names the amount and how it went back', () => {
    const refunded = order({
      refunds: {
        r1: {
          key: 'r1',
          fingerprint: 'f',
          lines: [{ index: 1, quantity: 1, paise: 45_000 }],
          whole: false,
          paise: 45_000,
          method: 'upi',
          reference: 'UPI/4242',
          razorpayRefundId: null,
          status: 'processed',
          by: 'admin:9800000001',
          at: new Date('2026-11-30T06:00:00Z'),
          creditNote: null,
        },
      },
    });
    const m = emailFor('refund-r1', refunded, ctx, 'meera@example.in');
    expect(m.subject).toBe('Chandi Kala: Refund for order HRM-A37E66');
    expect(leadOf(m)).toBe('We have refunded ₹450 of your order HRM-A37E66 by UPI (reference UPI/4242).');
  });
});
