/**
 * The order summary: each line with its picture, name, quantity and unit price, the discount code field, then
 * subtotal, the discount, shipping
 * ('Free' when paid online; for cash on delivery the row is the COD fee) and the total, said as every price is
 * (ChargedPrice): in another display currency the approximate amount with the rupees charged under it, and a
 * line saying plainly that payment is in rupees.
 */
import { useStore } from '@nanostores/react';
import { cdnSrcset } from '@shared/cdn-srcset';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { deliveryChargeLabel, unitPrice } from '@shared/pricing';
import { lineKey, sizeText } from '@shared/sizes';
import { ChargedInInr, ChargedPrice } from '../currency/ChargedInInr';
import { $deliveryAnswer } from '../delivery/delivery.store';
import { discountLabel } from '@shared/discounts';
import { $isLoggedIn } from '../auth/token.store';
import { $appliedDiscount, $droppedLines, $lines, $totals, shippingForm } from './checkout.store';
import { DiscountField } from './DiscountField';

/** When the order would arrive at the delivery PIN code, once the PIN is known (the order keeps this promise). */
function DeliveryPromise() {
  const answer = useStore($deliveryAnswer);
  const pincode = useStore(shippingForm.$fields).pincode;
  if (answer.kind !== 'dates' || answer.pincode !== pincode) return null;
  return (
    <p className="checkout-summary__delivery" data-testid="checkout-delivery">
      <strong>{answer.text}</strong> to {answer.place}
    </p>
  );
}

/** The summary column. */
export function OrderSummary() {
  const lines = useStore($lines);
  const totals = useStore($totals);
  const dropped = useStore($droppedLines);
  const signedIn = useStore($isLoggedIn);
  const applied = useStore($appliedDiscount);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order summary
      </h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => {
          const image = line.image || PLACEHOLDER_IMAGE;
          const size = sizeText(line);
          return (
            <li key={lineKey({ _id: line.productId, size: line.size })} className="checkout-summary__line">
              <span className="checkout-summary__thumb">
                <img
                  src={cdnImage(image, 160)}
                  srcSet={cdnSrcset(image, 'webp', 320) || undefined}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={80}
                />
                <span className="checkout-summary__qty" aria-hidden="true">
                  {line.quantity}
                </span>
              </span>
              <span className="checkout-summary__name">
                {line.name}
                {size && <span className="checkout-summary__unit">{size}</span>}
                <span className="checkout-summary__unit">
                  {line.quantity} × <ChargedPrice amount={unitPrice(line)} charged={false} />
                </span>
              </span>
              <span className="checkout-summary__price">
                <ChargedPrice amount={unitPrice(line) * line.quantity} />
              </span>
            </li>
          );
        })}
      </ul>
      {dropped > 0 && <p className="checkout-summary__note">Sold-out pieces in your cart are not part of this order.</p>}
      {signedIn && lines.length > 0 && <DiscountField />}
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>
            <ChargedPrice amount={totals.subtotal} />
          </dd>
        </div>
        {applied && totals.discount > 0 && (
          <div className="checkout-summary__discount" data-testid="checkout-discount-row">
            <dt>{discountLabel(applied.code)}</dt>
            <dd>
              −<ChargedPrice amount={totals.discount} />
            </dd>
          </div>
        )}
        <div>
          <dt>{deliveryChargeLabel(totals.shipping)}</dt>
          <dd>{totals.shipping === 0 ? 'Free' : <ChargedPrice amount={totals.shipping} />}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd>
            <ChargedPrice amount={totals.total} />
          </dd>
        </div>
      </dl>
      <ChargedInInr amount={totals.total} className="checkout-summary__inr" />
      <DeliveryPromise />
    </section>
  );
}
