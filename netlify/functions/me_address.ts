import type { Config } from '@netlify/functions';
import type { SaveAddressResponse } from '@shared/api/auth';
import { ShippingAddressSchema } from '@shared/schemas/address';
import { handle, json, jsonBody } from '@server/http';
import { addressService } from '@server/services/address.service';
import { authService } from '@server/services/auth.service';

/** PUT /api/me/address (bearer): saves the delivery address, checked by the checkout's own rules and PIN directory. */
export default handle(
  async (req) => {
    const user = await authService.authenticate(req);
    const address = await jsonBody(req, ShippingAddressSchema, { maxBytes: 4_096 });
    const saved = await addressService.save(user, address);
    return json({ success: true, message: 'Address saved', address: saved } satisfies SaveAddressResponse);
  },
  { methods: ['PUT'] },
);

export const config: Config = { path: '/api/me/address' };
