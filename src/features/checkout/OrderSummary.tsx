/**
 * The order summary: each line with its picture, name, quantity and unit price, then subtotal, shipping
 * ('Free' when paid online; for cash on delivery the row is the COD fee) and the total in rupees. In another display currency the
 * approximate amount shows beside, and the page says plainly that payment is in rupees.
 */
import { useStore } from '@nanostores/react';
import { cdnSrcset } from '../../shared/cdn-srcset';
import { cdnImage, PLACEHOLDER_IMAGE } from '../../shared/images';
import { formatINR } from '../../shared/money';
import { deliveryChargeLabel, unitPrice } from '../../shared/pricing';
import { lineKey, sizeText } from '../../shared/sizes';
import { ChargedInInr } from '../currency/ChargedInInr';
import { $currency, $formatPrice } from '../currency/currency.store';
import { $deliveryAnswer } from '../delivery/delivery.store';
import { $droppedLines, $lines, $totals, shippingForm } from './checkout.store';

/** "₹1,299" or, in another display currency, "₹1,299 (≈ $15.60)". */
function Amount({ inr }: { inr: number }) {
  const currency = useStore($currency);
  const format = useStore($formatPrice);
  const shown = format(inr);
  return (
    <>
      {formatINR(inr)}
      {currency !== 'INR' && shown !== formatINR(inr) && <span className="checkout-summary__approx"> ({shown})</span>}
    </>
  );
}

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
                  {line.quantity} × <Amount inr={unitPrice(line)} />
                </span>
              </span>
              <span className="checkout-summary__price">
                <Amount inr={unitPrice(line) * line.quantity} />
              </span>
            </li>
          );
        })}
      </ul>
      {dropped > 0 && <p className="checkout-summary__note">Sold-out pieces in your cart are not part of this order.</p>}
      <dl className="checkout-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>
            <Amount inr={totals.subtotal} />
          </dd>
        </div>
        <div>
          <dt>{deliveryChargeLabel(totals.shipping)}</dt>
          <dd>{totals.shipping === 0 ? 'Free' : <Amount inr={totals.shipping} />}</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd>
            <Amount inr={totals.total} />
          </dd>
        </div>
      </dl>
      <ChargedInInr amount={totals.total} className="checkout-summary__inr" />
      <DeliveryPromise />
    </section>
  );
}
