/**
 * A product price, Indian format (₹1,24,999) in rupees or in the display currency picked in the
 * header (via PriceTag): the price paid, and when discounted the original struck through. One look
 * everywhere (price.css: the paid price strong, the original small and grey); callers add a class
 * only for size and spacing.
 */
import { discountPercent, unitPrice } from '@shared/price';
import { PriceTag } from './PriceTag';
import './price.css';

/** Props of Price. */
export interface PriceProps {
  price: number;
  discountPrice: number | null;
  /** Extra class next to `price` (size, spacing); never a different look. */
  className?: string;
  /** Show "20% off" next to a discounted price. */
  showSaving?: boolean;
}

/** Renders the paid price, plus the struck original when a discount applies. */
export function Price({ price, discountPrice, className, showSaving = false }: PriceProps) {
  const paid = unitPrice({ price, discountPrice });
  const saving = discountPercent(price, discountPrice);
  return (
    <p className={className ? `price ${className}` : 'price'}>
      {saving > 0 && <span className="visually-hidden">Sale price </span>}
      <span className="price__now">
        <PriceTag amount={paid} />
      </span>
      {saving > 0 && (
        <>
          {' '}
          <s className="price__was">
            <span className="visually-hidden">Original price </span>
            <PriceTag amount={price} />
          </s>
          {showSaving && <span className="price__saving"> {saving}% off</span>}
        </>
      )}
    </p>
  );
}
