import { afterEach, describe, expect, it } from 'vitest';
import { getAuthEnv, getEnv, getMailEnv, getPaymentEnv, getPublishEnv, resetEnvForTests } from './env';

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

  it('refuses to serve production without a mail server and its own sender address; locally mail is optional', () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    resetEnvForTests();
    expect(getMailEnv().SMTP_URL).toBeUndefined();
    expect(getMailEnv().MAIL_FROM).toBe('Chandi Kala <orders@chandikala.local>');
    process.env.CONTEXT = 'production';
    resetEnvForTests();
    expect(() => getMailEnv()).toThrow(/SMTP_URL: CONTEXT=production needs SMTP_URL/);
    expect(() => getMailEnv()).toThrow(/MAIL_FROM: CONTEXT=production needs MAIL_FROM/);
    process.env.SMTP_URL = 'https://mail.example';
    resetEnvForTests();
    expect(() => getMailEnv()).toThrow(/SMTP_URL must look like smtp:\/\//);
  });

  it('refuses a short AUTH_SECRET', () => {
    process.env.AUTH_SECRET = 'too-short';
    resetEnvForTests();
    expect(() => getAuthEnv()).toThrow(/AUTH_SECRET must be at least 32 bytes/);
  });

  it("refuses the crash tests' FAILPOINT in production, and a step it does not know anywhere", () => {
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:27017/';
    process.env.FAILPOINT = 'checkout.after-stock';
    resetEnvForTests();
    expect(getEnv().FAILPOINT).toBe('checkout.after-stock');
    process.env.CONTEXT = 'production';
    resetEnvForTests();
    expect(() => getEnv()).toThrow(
      /Invalid server environment:\n {2}FAILPOINT: FAILPOINT kills the process on purpose and is for tests only/,
    );
    delete process.env.CONTEXT;
    process.env.FAILPOINT = 'checkout.after-lunch';
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/FAILPOINT/);
  });

  it('declares every variable in one schema, yet a bad one stops only the part that reads it', () => {
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:27017/';
    process.env.NETLIFY_BUILD_HOOK_URL = 'not a url';
    resetEnvForTests();
    expect(() => getPublishEnv()).toThrow(
      /Invalid publishing environment:\n {2}NETLIFY_BUILD_HOOK_URL: NETLIFY_BUILD_HOOK_URL must be the build hook URL/,
    );
    // Checkout's parts still load.
    expect(getEnv().MONGODB_URI).toBe('mongodb://127.0.0.1:27017/');
    expect(getPaymentEnv().RAZORPAY_SANDBOX_URL).toBe(process.env.RAZORPAY_SANDBOX_URL);
    expect(getAuthEnv().OTP_IP_SENDS_PER_HOUR).toBe(30);
  });

  it('names a secret that is not set, for the part that needs it only', () => {
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:27017/';
    delete process.env.AUTH_SECRET;
    resetEnvForTests();
    expect(() => getAuthEnv()).toThrow(/AUTH_SECRET: AUTH_SECRET is not set: it signs sign-in tokens/);
    expect(getEnv().MONGODB_DB).toBe('silvershop');
    delete process.env.MONGODB_URI;
    resetEnvForTests();
    expect(() => getEnv()).toThrow(/Invalid server environment:\n {2}MONGODB_URI: MONGODB_URI is not set/);
  });
});
