/**
 * A product price, Indian format (₹1,24,999) in rupees or in the display currency picked in the
 * header (via PriceTag): the price paid, and when discounted the original struck through. Its look
 * (.price, .price__was, .price__saving) is in product-card.css, which cards and the product page load;
 * the cart and wishlist lines style their own.
 */
import { discountPercent, unitPrice } from '../../shared/pricing';
import { PriceTag } from './PriceTag';

/** Props of Price. */
export interface PriceProps {
  price: number;
  discountPrice: number | null;
  className?: string;
  /** Show "20% off" next to a discounted price. */
  showSaving?: boolean;
}

/** Renders the paid price, plus the struck original when a discount applies. */
export function Price({ price, discountPrice, className = 'price', showSaving = false }: PriceProps) {
  const paid = unitPrice({ price, discountPrice });
  const saving = discountPercent(price, discountPrice);
  return (
    <p className={className}>
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
