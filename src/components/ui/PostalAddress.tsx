/**
 * One postal address as the shop prints it everywhere: name, street (with the apartment after a comma), then
 * "City, State PIN". What follows the PIN differs by page (country, phone, email), so callers pass it as
 * children, written exactly as it should continue the PIN line.
 */
import type { ReactNode } from 'react';
import type { PrintedAddress } from '@shared/schemas/address';

/** How much of the address to print and in which element. */
export interface PostalAddressProps {
  address: PrintedAddress;
  /** 'plain' or 'strong' prints the name on its own line first; 'none' leaves it out (the seller's name is shown apart). */
  name?: 'plain' | 'strong' | 'none';
  /** `<address>` for a person's address; `<p>` where the block is a letterhead rather than contact information. */
  as?: 'address' | 'p';
  className?: string;
  /** What continues the PIN line: `, India`, further lines after a `<br />`, and so on. */
  children?: ReactNode;
}

/** The name, street and city/state/PIN lines of an address, then the caller's continuation. */
export function PostalAddress({ address, name = 'plain', as: Element = 'address', className, children }: PostalAddressProps) {
  const fullName = (
    <>
      {address.firstName} {address.lastName}
    </>
  );
  return (
    <Element className={className}>
      {name === 'none' ? null : (
        <>
          {name === 'strong' ? <strong>{fullName}</strong> : fullName}
          <br />
        </>
      )}
      {address.address}
      {address.apartment ? `, ${address.apartment}` : ''}
      <br />
      {address.city}, {address.state} {address.pincode}
      {children}
    </Element>
  );
}

/**
 * The address on one line, for a page that only confirms where a parcel goes: name, city, state and PIN,
 * leaving the street and phone to the order's own page.
 */
export function PostalAddressLine({ address }: { address: PrintedAddress }) {
  return (
    <>
      {address.firstName} {address.lastName}, {address.city}, {address.state} {address.pincode}
    </>
  );
}
