/**
 * A product card: picture, name, price, wishlist heart and Add to Cart. The one card of the shop:
 * listings, carousels, the home page, banner pages, search results and the wishlist all use it, so a
 * product looks and behaves the same wherever it is shown. A product sold in sizes has Choose size instead,
 * a link to its page: the size, its price, its stock and the size guide are all there, and nothing unsized
 * can reach the cart from a card.
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { discountPercent } from '@shared/price';
import { routes } from '@shared/routes';
import { useLiveProduct } from '../availability/useLiveProduct';
import { addToCartAndShow } from '../cart/cart-drawer.store';
import { OUT_OF_STOCK_MESSAGE } from '../cart/cart';
import { Price } from '../currency/Price';
import { observeProductView, trackProductClick } from '../events/product-events';
import { useIsWishlisted } from '../wishlist/useIsWishlisted';
import { toggleWishlist } from '../wishlist/wishlist.store';
import { toCardProduct } from './card';
import type { CardSource } from './card';
import { rememberInitialImage } from './handoff';
import { ProductPicture } from './ProductPicture';
import { useHydrated } from '../../components/ui/useHydrated';
import './product-card.css';

/** Default sizes: 2 columns on phones, 4 from 768 px, inside a 1280 px container. */
export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 24vw, 48vw';

/** How long a refusal (out of stock, stock limit) stays on the card; a successful add opens the cart drawer instead. */
const NOTICE_MS = 4000;

/** Props of ProductCard. */
export interface ProductCardProps {
  product: CardSource;
  /** The LCP candidate: eager, high fetch priority. */
  priority?: boolean;
  /** Above the fold but not the LCP: eager without raised priority. */
  eager?: boolean;
  /** Refuse Add to Cart when stock is 0 or less (listing pages guard, home and related do not). */
  guardStock?: boolean;
  /** Heading level of the product name, to fit the page outline. */
  headingLevel?: 2 | 3;
  /** sizes attribute of the picture (defaults to the listing grid). */
  sizes?: string;
  /**
   * Below the fold: the picture is fetched only once the island has hydrated (client:visible, when the
   * shopper scrolls near), never during the page's first load, where it would compete with the largest paint.
   */
  deferPicture?: boolean;
  /** Show the wishlist heart (the wishlist page has its own Remove button instead). */
  wishlistToggle?: boolean;
  /** The name as rendered (e.g. with the searched words marked); the text must stay the product's name. */
  nameContent?: ReactNode;
  /** Shown under the name, e.g. the search page's description excerpt with the match marked. */
  details?: ReactNode;
  /** Extra actions under Add to Cart (the wishlist's Remove). */
  children?: ReactNode;
}

type Notice = { kind: 'refused'; text: string } | null;

/** Renders one product card. Live price and stock replace the build-time values once fetched. */
function ProductCardView({
  product: source,
  priority = false,
  eager = false,
  guardStock = false,
  headingLevel = 3,
  sizes = CARD_SIZES,
  deferPicture = false,
  wishlistToggle = true,
  nameContent,
  details,
  children,
}: ProductCardProps) {
  const product = useLiveProduct(toCardProduct(source));
  const wishlisted = useIsWishlisted(product._id);
  const [notice, setNotice] = useState<Notice>(null);
  const [imageFailed, setImageFailed] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const outOfStock = product.stock <= 0;
  // Where Add to Cart is refused for sold-out pieces, the button says so before it is pressed.
  const unavailable = guardStock && outOfStock;
  const href = routes.product(product);
  const image = imageFailed ? PLACEHOLDER_IMAGE : product.thumbnail || PLACEHOLDER_IMAGE;
  const hydrated = useHydrated();
  const saving = discountPercent(product.price, product.discountPrice);
  // Sold in sizes (as built, or as the live answer now says): choosing one happens on the product page.
  const chooseSize = product.sized === true && !unavailable;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    const el = cardRef.current;
    return el ? observeProductView(el, product._id) : undefined;
  }, [product._id]);

  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);

  const onOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    trackProductClick(product._id);
    // Modified clicks open a new tab, where sessionStorage is copied too, so the hand-over still works.
    const shown = event.currentTarget.querySelector('img')?.currentSrc;
    const url = shown ? new URL(shown, window.location.href) : null;
    rememberInitialImage(product._id, url && url.origin === window.location.origin ? url.pathname + url.search : cdnImage(image, 480));
  };

  const onAdd = (event: MouseEvent<HTMLButtonElement>) => {
    if (guardStock && outOfStock) {
      setNotice({ kind: 'refused', text: OUT_OF_STOCK_MESSAGE });
      return;
    }
    // Added: the drawer shows it (no message here that would push the cards below down).
    const result = addToCartAndShow(product, 1, event.currentTarget);
    setNotice(result.ok ? null : { kind: 'refused', text: result.message ?? OUT_OF_STOCK_MESSAGE });
  };

  return (
    <article ref={cardRef} className={outOfStock ? 'pcard pcard--soldout' : 'pcard'} data-product-id={product._id}>
      <a className="pcard__link" href={href} onClick={onOpen}>
        <span className="pcard__media">
          {deferPicture && !hydrated ? (
            <span className="pcard__img" aria-hidden="true" />
          ) : (
            <ProductPicture
              src={image}
              // The product name is the link's text right below; repeating it as alt would read it twice.
              alt=""
              sizes={sizes}
              priority={priority}
              eager={eager}
              className="pcard__img"
              onError={() => setImageFailed(true)}
            />
          )}
          {/* A guarded card's button carries the label instead, so it is said once per card. */}
          {outOfStock && !unavailable && <span className="pcard__soldout">Stock not available</span>}
          {!outOfStock && saving > 0 && <span className="pcard__badge">{saving}% off</span>}
        </span>
        <Heading className="pcard__name">{nameContent ?? product.name}</Heading>
      </a>
      {details}
      <Price price={product.price} discountPrice={product.discountPrice} className="pcard__price" />
      {wishlistToggle && (
        <button
          type="button"
          className="pcard__wish"
          aria-pressed={wishlisted}
          aria-label={`Wishlist ${product.name}`}
          onClick={() => toggleWishlist(product)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
          </svg>
        </button>
      )}
      <div className="pcard__actions">
        {chooseSize ? (
          <a className="pcard__add" href={href} onClick={onOpen}>
            Choose size<span className="visually-hidden">: {product.name}</span>
          </a>
        ) : (
          // aria-disabled, not disabled: pressing it still explains the refusal.
          <button
            type="button"
            className={unavailable ? 'pcard__add pcard__add--unavailable' : 'pcard__add'}
            aria-disabled={unavailable || undefined}
            onClick={onAdd}
          >
            {unavailable ? 'Stock not available' : 'Add to Cart'}
            <span className="visually-hidden">: {product.name}</span>
          </button>
        )}
        {/* Below the button, never over the picture; present from the start so the text put in it is announced. */}
        <p className={notice ? `pcard__notice pcard__notice--${notice.kind}` : 'pcard__notice'} role="status" aria-live="polite">
          {notice?.text ?? ''}
        </p>
        {children}
      </div>
    </article>
  );
}

/**
 * The card, re-rendered only when its own props change: a listing's filter bar, drawer or "Show more" then leaves
 * the cards already on screen alone, which is most of what a tap costs on a slow phone.
 */
export const ProductCard = memo(ProductCardView);

export default ProductCard;
