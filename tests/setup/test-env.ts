/**
 * Environment every test file starts with: fixed local secrets (tests never read the developer's .env), so
 * function modules that refuse to start without them can be imported.
 */
process.env.AUTH_SECRET ??= 'test-auth-secret-0123456789abcdef0123456789abcdef';
process.env.OTP_SECRET ??= 'test-otp-secret-0123456789abcdef0123456789abcdef';
process.env.SITE_URL ??= 'http://localhost:8888';
delete process.env.CONTEXT;
