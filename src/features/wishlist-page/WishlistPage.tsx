/**
 * The wishlist page island (/wishlist): saved products as the shop's product cards, with Remove and Add
 * to Cart. Its own folder because it composes the product card, which itself uses the wishlist store.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { routes } from '@shared/routes';
import { ProductCard } from '../product-card/ProductCard';
import { $wishlist } from '../wishlist/wishlist.store';
import { refreshWishlist, removeFromWishlist } from '../wishlist/wishlist-page.store';
import './wishlist-page.css';

/** Picture widths: 2 cards per row on phones, 3 from 576 px, 4 from 992 px. */
const SIZES = '(min-width: 1280px) 300px, (min-width: 992px) 22vw, (min-width: 576px) 30vw, 46vw';

/** The wishlist page. Renders a placeholder in the static HTML, then the saved wishlist once hydrated. */
export function WishlistPage() {
  const hydrated = useHydrated();
  const items = useStore($wishlist);
  // After a Remove: the entry whose Remove button takes focus (null: the empty state's heading); undefined: nothing to do.
  const focusAfterRemove = useRef<string | null | undefined>(undefined);
  const emptyHeading = useRef<HTMLHeadingElement>(null);

  // The pressed button is gone with its card: without this, focus would drop to <body>.
  useEffect(() => {
    const id = focusAfterRemove.current;
    if (id === undefined) return;
    focusAfterRemove.current = undefined;
    const next = id === null ? null : document.querySelector<HTMLElement>(`[data-wishlist-id="${CSS.escape(id)}"] .pcard__secondary`);
    (next ?? emptyHeading.current)?.focus();
  }, [items]);

  // Static page: refresh price and stock so an out-of-stock item says so before the shopper tries it.
  useEffect(() => {
    void refreshWishlist();
  }, []);

  return (
    <section className="wishlist" aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className="wishlist__title">
        Your wishlist
      </h1>
      {!hydrated ? (
        <p className="wishlist__loading">Loading your wishlist…</p>
      ) : items.length === 0 ? (
        <div className="wishlist-empty">
          <h2 ref={emptyHeading} className="wishlist-empty__text" tabIndex={-1}>
            Your wishlist is empty.
          </h2>
          <a className="wishlist-button wishlist-button--secondary" href={routes.allProducts}>
            Continue shopping
          </a>
        </div>
      ) : (
        <ul className="wishlist__grid" aria-label="Saved products">
          {items.map((item) => (
            <li key={item._id} data-wishlist-id={item._id}>
              {/* Add to Cart opens the cart drawer on the line, as on any card; sold-out pieces say so on the button. */}
              <ProductCard product={item} headingLevel={2} sizes={SIZES} guardStock wishlistToggle={false}>
                <button
                  type="button"
                  className="pcard__secondary"
                  onClick={() => (focusAfterRemove.current = removeFromWishlist(item._id))}
                >
                  Remove<span className="visually-hidden"> {item.name} from the wishlist</span>
                </button>
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default WishlistPage;
