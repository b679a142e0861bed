/**
 * The product detail island: gallery, name, price,
 * the fixed '92.5 Sterling Silver' badge, the sizes and size guide of a piece sold in sizes, the quantity,
 * Add to Cart and Buy it now; the page passes the static product information and dynamic fields in as its
 * `information` slot. Price and stock are refreshed from the API on hydration.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { afterNextPaint } from '../../components/ui/after-next-paint';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { QuantityStepper } from '../../components/ui/QuantityStepper';
import { isCodAvailable, unitPrice } from '@shared/pricing';
import { fetchAvailability } from '../availability/availability';
import { $cart } from '../cart/cart.store';
import { addToCartAndShow } from '../cart/cart-drawer.store';
import { Price } from '../currency/Price';
import { useIsWishlisted } from '../wishlist/useIsWishlisted';
import { toggleWishlist } from '../wishlist/wishlist.store';
import { allInCartMessage } from '@shared/stock-messages';
import { hallmarkPerk, PRODUCT_OPTIONS_ID } from './detail';
import type { DetailProduct } from './detail';
import { Gallery } from './Gallery';
import { loadStylesheet } from '../../components/ui/load-stylesheet';
import { sendPendingProductClicks } from '../events/pending-clicks';
import type { openSizeGuide as OpenSizeGuide } from './size-guide-dialog';
import { createProductStore } from './product.store';
import guideCssUrl from './size-guide.css?url';
import type { ProductDeps } from './product.store';
import { sizeFromSearch, urlWithSize } from './size-choice';
import { SizeChoice } from './SizeChoice';
import { routes } from '@shared/routes';
// The shared price look (.price) lives with the card styles.
import '../product-card/product-card.css';
import './product.css';

/** Stock at or below which the page says "Only n left". */
export const LOW_STOCK = 5;

// The size guide's charts and styles load on first use (hover, focus or click), never with the page. The
// stylesheet goes by URL: an imported one would join the page's inlined, render-blocking CSS.
let guideModule: Promise<{ openSizeGuide: typeof OpenSizeGuide }> | null = null;
const loadGuide = () => (guideModule ??= Promise.all([import('./size-guide-dialog'), loadStylesheet(guideCssUrl)]).then(([mod]) => mod));

/** Props of ProductDetail. */
export interface ProductDetailProps {
  product: DetailProduct;
  /** What the page puts under the buy buttons (the 'Check delivery' island, which loads when scrolled to). */
  children?: ReactNode;
  /** The description and specifications, static HTML from the page (ProductInformation.tsx, not hydrated). */
  information?: ReactNode;
}

/** sessionStorage, or null where the browser blocks it. */
function openSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Blocked storage throws on access.
  }
}

/** Browser wiring of the store; nothing here runs during the static build. `addButton` gets focus back from the cart drawer. */
function browserDeps(addButton: () => HTMLElement | null): ProductDeps {
  const session = openSessionStorage();
  return {
    fetchAvailability: (ids) => fetchAvailability(ids),
    addToCart: (unit, quantity) => addToCartAndShow(unit, quantity, addButton()),
    cart: $cart,
    session,
    navigate: (path) => window.location.assign(path),
    readSize: () => sizeFromSearch(window.location.search),
    writeSize: (value) => window.history.replaceState(window.history.state, '', urlWithSize(window.location.href, value)),
  };
}

/** Renders the product. */
export function ProductDetail({ product, children, information }: ProductDetailProps) {
  const [store] = useState(() =>
    createProductStore(
      {
        _id: product._id,
        slug: product.slug,
        name: product.name,
        price: product.price,
        discountPrice: product.discountPrice,
        thumbnail: product.thumbnail,
        stock: product.stock,
        sizes: product.sizes,
      },
      browserDeps(() => document.querySelector<HTMLElement>(`[data-add-to-cart="${product._id}"]`)),
    ),
  );
  const live = useStore(store.$unit);
  const sizes = useStore(store.$sizes);
  const size = useStore(store.$size);
  const needsSize = useStore(store.$needsSize);
  const sizeError = useStore(store.$sizeError);
  const quantity = useStore(store.$quantity);
  const maxQuantity = useStore(store.$maxQuantity);
  const soldOut = useStore(store.$soldOut);
  const canAdd = useStore(store.$canAdd);
  const allInCart = useStore(store.$allInCart);
  const notice = useStore(store.$notice);
  const wishlisted = useIsWishlisted(product._id);
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  const guideButton = useRef<HTMLButtonElement>(null);
  const sizeGroup = useRef<HTMLDivElement>(null);
  const guide = product.sizes?.guide ?? null;

  useEffect(() => {
    void store.refresh();
    // A card's click that left its listing before the listing's tracker arrived is sent from here.
    sendPendingProductClicks();
    // After hydration, like the cart: the static HTML cannot know the address's ?size=.
    store.restoreSize();
  }, [store]);

  // After hydration: the static HTML cannot know the cart, so the first render must not either.
  useEffect(() => store.followCart(), [store]);

  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => store.dismissNotice(), 5000);
    return () => clearTimeout(id);
  }, [notice, store]);

  // Set in the tap itself, so a second tap while the first waits for its paint is not a second add.
  const running = useRef(false);
  const run = async (kind: 'add' | 'buy') => {
    if (running.current) return;
    running.current = true;
    // The tap is answered first (the pressed button painted), then the cart's work and the drawer's render.
    await afterNextPaint();
    setBusy(kind);
    try {
      if (kind === 'add') await store.addToCart();
      else await store.buyNow();
    } finally {
      setBusy(null);
      running.current = false;
    }
    // Refused for want of a size: take the shopper to the sizes, where the message is.
    if (store.$sizeError.get()) sizeGroup.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  };

  const openGuide = async () => {
    if (!guide) return;
    try {
      (await loadGuide()).openSizeGuide({ guide, chosen: store.$size.get(), returnFocusTo: guideButton.current });
    } catch (error) {
      guideModule = null; // Offline for a moment: the next press tries again.
      console.warn('[product] Could not load the size guide.', error);
    }
  };

  // Before a size is chosen the total tells only whether any size is left, not how many of one.
  const stockText = soldOut ? 'Out of Stock' : !needsSize && live.stock <= LOW_STOCK ? `Only ${live.stock} left` : 'In stock';

  return (
    <div className="pd">
      <div className="pd__media">
        <Gallery productId={product._id} name={product.name} images={product.images} alts={product.imageAlt} soldOut={soldOut} />
      </div>
      <div className="pd__summary">
        <p className="pd__badge">92.5 Sterling Silver</p>
        <div className="pd__titlerow">
          <h1 className="pd__name">{product.name}</h1>
          <button
            type="button"
            className="pd__wish"
            aria-pressed={wishlisted}
            aria-label={`Wishlist ${product.name}`}
            onClick={() =>
              toggleWishlist({
                ...store.$live.get(),
                _id: product._id,
                slug: product.slug,
                name: product.name,
                thumbnail: product.thumbnail,
                sized: product.sizes !== null,
              })
            }
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
            </svg>
          </button>
        </div>
        {/* The buy box's start: the page's "Skip to product options" link lands here (PRODUCT_OPTIONS_ID). */}
        <div className="pd__pricerow" id={PRODUCT_OPTIONS_ID} tabIndex={-1}>
          {live.from && <span className="pd__from">From</span>}
          <Price price={live.price} discountPrice={live.discountPrice} className="pd__price" showSaving />
        </div>
        <p className="pd__tax">Inclusive of all taxes</p>
        <p className={soldOut ? 'pd__stock pd__stock--out' : 'pd__stock'}>
          <span className="pd__dot" aria-hidden="true" />
          {stockText}
        </p>

        {product.sizes && (
          <SizeChoice
            name={product.sizes.name}
            sizes={sizes}
            chosen={size}
            error={sizeError}
            onChoose={store.chooseSize}
            {...(guide ? { onGuide: () => void openGuide(), onGuideIntent: () => void loadGuide().catch(() => (guideModule = null)) } : {})}
            guideButtonRef={guideButton}
            groupRef={sizeGroup}
          />
        )}

        <QuantityStepper
          label="Quantity"
          className="pd-qty"
          value={quantity}
          max={maxQuantity}
          disabled={soldOut || !canAdd}
          onChange={store.setQuantity}
        />

        <div className="pd__actions">
          <button
            type="button"
            className="btn btn--outline btn--block"
            data-add-to-cart={product._id}
            disabled={!canAdd || busy !== null}
            aria-describedby={allInCart ? 'pd-all-in-cart' : undefined}
            onClick={() => void run('add')}
          >
            {busy === 'add' ? 'Adding…' : 'Add to Cart'}
          </button>
          <button type="button" className="btn btn--block" disabled={soldOut || busy !== null} onClick={() => void run('buy')}>
            {busy === 'buy' ? 'Please wait…' : 'Buy it now'}
          </button>
        </div>
        {/* Why Add to Cart is off while the product is in stock: the cart already holds every piece. */}
        {allInCart && (
          <p id="pd-all-in-cart" className="pd__hint">
            {allInCartMessage(live.stock)} <a href={routes.cart}>View cart</a>
          </p>
        )}
        <p className="pd__notice pd__notice--refused" role="alert">
          {notice?.text ?? ''}
        </p>
        {children}

        <ul className="pd__perks">
          <li>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
              <path d="M9 12l2 2 4-4" />
            </svg>
            {hallmarkPerk(product)}
          </li>
          <li>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" />
            </svg>
            7-day replacement
          </li>
          <li>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7z" />
              <circle cx="7" cy="18" r="1.6" />
              <circle cx="17" cy="18" r="1.6" />
            </svg>
            Fast Delivery
          </li>
          <li>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <rect x="3" y="6" width="18" height="12" rx="2" />
              <circle cx="12" cy="12" r="2.5" />
            </svg>
            {/* Cash on delivery stops at ₹2,499; say so rather than promise it. */}
            {isCodAvailable(unitPrice(live)) ? 'COD Available' : 'Secure Online Payment'}
          </li>
        </ul>

        {information}
      </div>
    </div>
  );
}

/** The island as pages mount it, inside the shop's error panel. */
export default function ProductDetailIsland(props: ProductDetailProps) {
  return (
    <ErrorBoundary>
      <ProductDetail {...props} />
    </ErrorBoundary>
  );
}
