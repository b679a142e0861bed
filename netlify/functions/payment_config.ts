import type { Config } from '@netlify/functions';
import type { PaymentConfigResponse } from '@shared/api/orders';
import { handle, json } from '@server/http';
import { getPaymentGateway } from '@server/services/payments/gateway';

/** GET /api/payment-config: the public key and where Checkout is loaded from (Razorpay, or the local sandbox). */
export default handle(async () => {
  const gateway = getPaymentGateway();
  return json({
    success: true,
    key: gateway.keyId,
    checkoutScript: gateway.checkoutScript,
    sandbox: gateway.sandbox,
  } satisfies PaymentConfigResponse);
});

export const config: Config = { path: '/api/payment-config' };
