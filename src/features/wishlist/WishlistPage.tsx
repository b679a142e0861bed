/** The wishlist page island (/wishlist): saved products with Remove and Add to Cart. */
import { routes } from '../../shared/routes';
import { Price } from '../currency/Price';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { cdnImage, cdnSrcset, PLACEHOLDER_IMAGE } from '../../shared/images';
import type { WishlistItem } from '../../shared/schemas/storage';
import { addToCart } from '../cart/cart.store';
import { $wishlist, refreshWishlist, removeFromWishlist } from './wishlist.store';
import './wishlist.css';

/** One saved product. A refused add (out of stock, at the cart's stock limit) is explained inline. */
function WishlistCard({ item }: { item: WishlistItem }) {
  const [alert, setAlert] = useState<string | null>(null);
  const image = item.thumbnail || PLACEHOLDER_IMAGE;
  const srcSet = cdnSrcset(image, 'webp', 800);
  const outOfStock = item.stock <= 0;

  const onAddToCart = () => {
    const result = addToCart(item);
    if (result.ok) window.location.assign(routes.cart);
    else setAlert(result.message ?? null);
  };

  return (
    <li className="wishlist-card">
      <a className="wishlist-card__media" href={routes.product(item)} tabIndex={-1} aria-hidden="true">
        <img
          className={outOfStock ? 'wishlist-card__image wishlist-card__image--unavailable' : 'wishlist-card__image'}
          src={cdnImage(image, 480)}
          srcSet={srcSet || undefined}
          sizes="(min-width: 992px) 22vw, (min-width: 576px) 30vw, 46vw"
          width={300}
          height={375}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </a>
      <div className="wishlist-card__body">
        <h2 className="wishlist-card__name">
          <a href={routes.product(item)}>{item.name}</a>
        </h2>
        <Price price={item.price} discountPrice={item.discountPrice} className="wishlist-card__price" />
        {outOfStock && <p className="wishlist-card__stock">Out of stock</p>}
        <div className="wishlist-card__actions">
          <button type="button" className="wishlist-button wishlist-button--primary" onClick={onAddToCart}>
            Add to Cart<span className="visually-hidden"> {item.name}</span>
          </button>
          <button type="button" className="wishlist-button wishlist-button--secondary" onClick={() => removeFromWishlist(item._id)}>
            Remove<span className="visually-hidden"> {item.name} from the wishlist</span>
          </button>
        </div>
        {alert && (
          <p className="wishlist-card__alert" role="alert">
            {alert}
          </p>
        )}
      </div>
    </li>
  );
}

/** The wishlist page. Renders a placeholder in the static HTML, then the saved wishlist once hydrated. */
export function WishlistPage() {
  const hydrated = useHydrated();
  const items = useStore($wishlist);

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
          <p className="wishlist-empty__text">Your wishlist is empty.</p>
          <a className="wishlist-button wishlist-button--secondary" href={routes.allProducts}>
            Continue shopping
          </a>
        </div>
      ) : (
        <ul className="wishlist__grid" aria-label="Saved products">
          {items.map((item) => (
            <WishlistCard key={item._id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default WishlistPage;
