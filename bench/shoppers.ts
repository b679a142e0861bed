/** Shoppers for the benches that place orders: signed in, with their tokens, and the address they ship to. */
import { usersRepository } from '@server/repositories/users.repository';
import { issueToken } from '@server/services/tokens';

/** Signs in `count` shoppers (phones from `firstPhone` up, named '<firstName> Shopper <i>'); their tokens in order. */
export async function signedInShoppers(count: number, firstPhone: number, firstName: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await usersRepository.signIn(String(firstPhone + i), { firstName, lastName: `Shopper ${i}`, email: '' });
    tokens.push(await issueToken({ userId: user._id.toHexString(), version: user.tokenVersion }));
  }
  return tokens;
}

/** A delivery address in Pune as the checkout posts it, and the billing address made from it. */
export function benchAddresses(firstName: string) {
  const shippingInfo = {
    firstName,
    lastName: 'Shopper',
    email: '',
    address: '1 Test Street',
    apartment: '',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone: '9876543210',
  };
  const { email: _email, ...rest } = shippingInfo;
  return { shippingInfo, billingInfo: { ...rest, country: 'India' } };
}
