/**
 * The couriers an order ships with, and where a shopper follows a parcel. Shared by the admin's Shipped form,
 * the server that stores the shipment, the tracking and order pages, and the shipped message.
 */

/** A courier: its name and its tracking page ('{awb}' is replaced by the tracking number where the page takes one). */
interface Courier {
  name: string;
  trackingUrl: string;
}

/** The usual Indian couriers, then 'Other' (named by the admin). */
export const COURIERS: readonly Courier[] = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track-v2/package/{awb}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}' },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp' },
  { name: 'India Post (Speed Post)', trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
  { name: 'Ecom Express', trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={awb}' },
  { name: 'Shadowfax', trackingUrl: 'https://www.shadowfax.in/track-order' },
  { name: 'Professional Couriers', trackingUrl: 'https://www.tpcindia.com/track.aspx' },
];

/** The choice for a courier not in the list; the admin names it. */
export const OTHER_COURIER = 'Other';

/** Where a shopper follows a parcel: the link the admin gave, else the courier's page for this tracking number. */
export function trackingLink(shipment: { courier: string; awb: string; trackingUrl: string | null }): string | null {
  if (shipment.trackingUrl) return shipment.trackingUrl;
  const courier = COURIERS.find((c) => c.name === shipment.courier);
  return courier ? courier.trackingUrl.replace('{awb}', encodeURIComponent(shipment.awb)) : null;
}
