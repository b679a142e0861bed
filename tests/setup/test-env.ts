/**
 * Environment every test file starts with: fixed local secrets (tests never read the developer's .env), so
 * function modules that refuse to start without them can be imported.
 */
process.env.AUTH_SECRET ??= 'test-auth-secret-0123456789abcdef0123456789abcdef';
process.env.OTP_SECRET ??= 'test-otp-secret-0123456789abcdef0123456789abcdef';
process.env.SITE_URL ??= 'http://localhost:8888';
process.env.RAZORPAY_SANDBOX_SECRET ??= 'test-razorpay-sandbox-secret-0123456789abcdef';
process.env.RAZORPAY_WEBHOOK_SECRET ??= 'test-razorpay-webhook-secret-0123456789abcdef';
// Function modules check the payment settings when loaded; a file that pays starts its own sandbox (serveRazorpaySandbox).
process.env.RAZORPAY_SANDBOX_URL ??= 'http://127.0.0.1:9/razorpay-sandbox';
delete process.env.RAZORPAY_KEY_ID;
delete process.env.RAZORPAY_KEY_SECRET;
delete process.env.CONTEXT;
// Admin steps text the shopper at once in tests, unless a test of undo sets its own window.
process.env.ADMIN_UNDO_SECONDS ??= '0';
