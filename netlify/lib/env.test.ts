import { afterEach, describe, expect, it } from 'vitest';
import { getAuthEnv, getPaymentEnv, resetEnvForTests } from './env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe('server environment', () => {
  it('reads an empty variable (a line like RAZORPAY_KEY_ID= copied from .env.example) as not set', () => {
    process.env.RAZORPAY_KEY_ID = '';
    process.env.RAZORPAY_KEY_SECRET = '';
    process.env.MSG91_SENDER_ID = '';
    resetEnvForTests();
    expect(getPaymentEnv().RAZORPAY_KEY_ID).toBeUndefined();
    expect(getAuthEnv().MSG91_SENDER_ID).toBeUndefined();
  });

  it('refuses to serve production without a real SMS provider or Razorpay keys, naming what is missing', () => {
    process.env.CONTEXT = 'production';
    resetEnvForTests();
    expect(() => getAuthEnv()).toThrow(/MSG91_AUTH_KEY: CONTEXT=production but no SMS provider is configured/);
    expect(() => getPaymentEnv()).toThrow(/RAZORPAY_KEY_ID: CONTEXT=production needs real Razorpay keys/);
    expect(() => getPaymentEnv()).toThrow(/RAZORPAY_WEBHOOK_SECRET|RAZORPAY_KEY_ID/);
  });

  it('refuses a short AUTH_SECRET', () => {
    process.env.AUTH_SECRET = 'too-short';
    resetEnvForTests();
    expect(() => getAuthEnv()).toThrow(/AUTH_SECRET must be at least 32 bytes/);
  });
});
