import type { ShippingAddress } from '@shared/schemas/address';
import type { UserDoc } from '../collections';
import { notFound } from '../errors';
import { usersRepository } from '../repositories/users.repository';
import { pincodeService } from './pincode.service';

/**
 * The shopper's saved delivery address. Apart from the auth service so that only the functions that check
 * addresses carry India Post's PIN directory (a megabyte of JSON) in their bundle.
 */
export const addressService = {
  /** Saves the delivery address that prefills the next checkout, once its PIN code and state agree. */
  async save(user: UserDoc, address: ShippingAddress): Promise<ShippingAddress> {
    pincodeService.verify(address, 'delivery');
    const updated = await usersRepository.setAddress(user._id, address);
    if (!updated?.address) throw notFound('User');
    return updated.address;
  },
};
