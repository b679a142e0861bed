import { MongoClient } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setupTestDatabase } from '../setup/test-db';
import { authGet, jsonRequest, latestCode, makePhone } from '../fixtures/auth';
import { makeCatalogue, defaultProducts, makeProduct } from '../fixtures/catalogue';
import { billingAddress, checkoutRequest, deliveryAddress, makeShopper } from '../fixtures/shoppers';
import { importCatalogue } from '@server/services/catalogue-import.service';
import { stableId } from '@server/services/catalogue-ids';
import { usersRepository } from '@server/repositories/users.repository';
import userLogin from '@functions/user_login';
import verifyOtp from '@functions/verify_otp';
import resendOtp from '@functions/resend_otp';
import me from '@functions/me';
import meAddress from '@functions/me_address';
import orderCheckout from '@functions/order_checkout';
import contact from '@functions/contact';
import getOrderAll from '@functions/get_order_all';

const { uri, name } = setupTestDatabase();
let client: MongoClient;
const db = () => client.db(name);

beforeAll(async () => {
  client = await MongoClient.connect(uri);
  expect(
    (
      await importCatalogue(
        makeCatalogue([...defaultProducts(), makeProduct({ slug: 'phone-cuff', name: 'Phone Cuff', price: 500, stock: 100 })]),
        { overwriteStock: true },
      )
    ).ok,
  ).toBe(true);
  return () => client.close();
});

/** A phone as people paste it: "+91 98765 43210". */
const pasted = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
const login = (phone: unknown) => ({ firstName: 'Asha', lastName: 'Rao', phone, email: '' });

/** Phones a person might type that must never reach anyone, with the one message each gets. */
const BAD_MOBILES: [string, string][] = [
  ['98765', 'Phone must be 10 digits'],
  ['98765abcde', 'Phone must be 10 digits'],
  ['91987654321', 'Phone must be 10 digits'], // 91 + 9 digits: once cut to 9198765432, a stranger
  ['+91 98765 4321', 'Phone must be 10 digits'],
  ['5876543210', 'Enter a valid Indian mobile number'],
];

describe('signing in with a pasted number', () => {
  it('+91 98765 43210 and +919876543210 both send the code to the 10 digits, and the account carries them', async () => {
    const phone = makePhone();
    const sent = await call(userLogin, '/api/user_login', jsonRequest(login(pasted(phone))));
    expect(sent.status).toBe(200);
    const texts = await db().collection('sms_outbox').find({ to: phone }).toArray();
    expect(texts).toHaveLength(1);
    expect(
      await db()
        .collection('sms_outbox')
        .countDocuments({ to: { $ne: phone } }),
    ).toBe(0);
    // The code page sends the mobile it was handed; a pasted form is read the same way.
    const verified = await call(verifyOtp, '/api/verify-otp', jsonRequest({ mobile: `+91${phone}`, otp: await latestCode(phone) }));
    expect(verified).toMatchObject({ status: 200, body: { user: { phone } } });
    expect((await call(me, '/api/me', authGet(verified.body.token))).body.user.phone).toBe(phone);
  });

  it('refuses what the browser refuses, with the same message, and texts nobody', async () => {
    for (const [phone, message] of BAD_MOBILES) {
      for (const [fn, path, body] of [
        [userLogin, '/api/user_login', login(phone)],
        [verifyOtp, '/api/verify-otp', { mobile: phone, otp: '1234' }],
        [resendOtp, '/api/resend-otp', { mobile: phone }],
      ] as const) {
        const r = await call(fn, path, jsonRequest(body));
        expect({ path, phone, status: r.status, body: r.body }).toEqual({
          path,
          phone,
          status: 400,
          body: { success: false, message: `Invalid request: ${path === '/api/user_login' ? 'phone' : 'mobile'}: ${message}` },
        });
      }
    }
    expect(await db().collection('sms_outbox').countDocuments()).toBe(1);
  });
});

describe('addresses', () => {
  it('the account address dialog stores a pasted mobile as 10 digits and refuses bad ones', async () => {
    const { token } = await makeShopper();
    const address = { ...deliveryAddress, phone: '(98123) 45678' };
    const saved = await call(meAddress, '/api/me/address', jsonRequest(address, { method: 'PUT', token }));
    expect(saved).toMatchObject({ status: 200, body: { address: { phone: '9812345678' } } });
    for (const [phone, message] of BAD_MOBILES) {
      const r = await call(meAddress, '/api/me/address', jsonRequest({ ...deliveryAddress, phone }, { method: 'PUT', token }));
      expect({ phone, status: r.status, message: r.body.message }).toEqual({
        phone,
        status: 400,
        message: `Invalid request: phone: ${message}`,
      });
    }
  });

  it('checkout stores delivery and billing phones as 10 digits; a US billing phone needs 10 digits, not a mobile', async () => {
    const shopper = await makeShopper();
    const order = (shippingPhone: string, billing: object) => ({
      products: [{ productId: stableId('products', 'phone-cuff').toHexString(), price: 500, quantity: 1 }],
      shippingInfo: { ...deliveryAddress, phone: shippingPhone },
      billingInfo: billing,
      paymentMethod: 'cod',
      shippingCost: 100,
      totalAmount: 600,
    });
    const usBilling = { ...billingAddress, country: 'United States', state: 'California', pincode: '94105', phone: '415-555-0143' };
    const placed = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(order('098123-45678', usBilling), shopper.token));
    expect(placed.status).toBe(201);
    const stored = await db().collection('orders').findOne({ userId: shopper.user._id });
    expect([stored?.['shippingInfo'].phone, stored?.['billingInfo'].phone]).toEqual(['9812345678', '4155550143']);

    const cases: [object, string][] = [
      ...BAD_MOBILES.map(([phone, message]): [object, string] => [order(phone, billingAddress), `shippingInfo.phone: ${message}`]),
      [order('9812345678', { ...billingAddress, phone: '98123' }), 'billingInfo.phone: Phone must be 10 digits'],
      [order('9812345678', { ...billingAddress, phone: '' }), 'billingInfo.phone: Phone is required'],
    ];
    for (const [body, message] of cases) {
      const r = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
      expect({ status: r.status, message: r.body.message }).toEqual({ status: 400, message: `Invalid request: ${message}` });
    }
    expect(await db().collection('orders').countDocuments({ userId: shopper.user._id })).toBe(1);
  });
});

describe('contact form', () => {
  it('keeps an optional pasted phone as 10 digits and refuses letters', async () => {
    const message = { name: 'Asha', email: 'asha@example.in', message: 'Do you resize rings?' };
    const ok = await call(contact, '/api/contact', jsonRequest({ ...message, phone: '+91 98765 43210' }, { ip: '198.51.100.5' }));
    expect(ok.status).toBe(201);
    expect((await db().collection('contactMessages').findOne({}))?.['phone']).toBe('9876543210');
    const bad = await call(contact, '/api/contact', jsonRequest({ ...message, phone: '98765 abcde' }, { ip: '198.51.100.5' }));
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: 'Invalid request: phone: Phone must be 10 digits' } });
  });
});

describe('admin order search', () => {
  it('finds a delivery phone typed as displayed, with +91, or as plain digits', async () => {
    const admin = await makeShopper('Admin');
    await usersRepository.setRole(admin.phone, 'admin');
    const shopper = await makeShopper();
    const phone = makePhone();
    const body = {
      products: [{ productId: stableId('products', 'phone-cuff').toHexString(), price: 500, quantity: 1 }],
      shippingInfo: { ...deliveryAddress, phone },
      billingInfo: billingAddress,
      paymentMethod: 'cod',
      shippingCost: 100,
      totalAmount: 600,
    };
    const placed = await call(orderCheckout, '/api/orderCheck_out', checkoutRequest(body, shopper.token));
    expect(placed.status).toBe(201);
    for (const typed of [
      phone,
      `${phone.slice(0, 5)} ${phone.slice(5)}`,
      pasted(phone),
      `+91\u00a0${phone.slice(0, 5)}\u00a0${phone.slice(5)}`,
    ]) {
      const r = await call(getOrderAll, `/api/get_order-all?search=${encodeURIComponent(typed)}`, authGet(admin.token));
      expect({ typed, ids: r.body.getOrder?.map((o: { _id: string }) => o._id) }).toEqual({ typed, ids: [placed.body.order._id] });
    }
  });
});
