/**
 * A checkout (a cancel, an invoice, a replacement's step) in a process of its own, for the crash tests: calls the real function with the request given on
 * stdin ({ fn, path, init }) and prints its answer on a line starting 'ANSWER '. Run with FAILPOINT set, it dies by SIGKILL at that step
 * and prints nothing, as a shop killed mid-request would.
 */
import orderCheckout from '@functions/order_checkout';
import createRazorpayOrder from '@functions/create_razorpay_order';
import cancelOrder from '@functions/cancel_order';
import invoice from '@functions/invoice';
import adminReturn from '@functions/admin_return';
import adminOrderRefunds from '@functions/admin_order_refunds';
import { closeDb } from '@server/db';

const functions = {
  order_checkout: orderCheckout,
  create_razorpay_order: createRazorpayOrder,
  cancel_order: cancelOrder,
  invoice,
  admin_return: adminReturn,
  admin_order_refunds: adminOrderRefunds,
};

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { fn, path, init } = JSON.parse(input) as { fn: keyof typeof functions; path: string; init: RequestInit };
const res = await functions[fn](new Request(`http://localhost:8888${path}`, init));
// Marked, since the shop's own logs (the local SMS outbox) share stdout.
process.stdout.write(`\nANSWER ${JSON.stringify({ status: res.status, body: await res.json() })}\n`);
await closeDb();
