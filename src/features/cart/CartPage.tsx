/** The cart page island (/productcard): lines, quantity controls, subtotal and the way to checkout. */
import { routes } from '@shared/routes';
import { Price } from '../currency/Price';
import { ChargedInInr, ChargedPrice } from '../currency/ChargedInInr';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../components/ui/useHydrated';
import { cdnSrcset } from '@shared/cdn-srcset';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { COD_FEE, COD_FEE_LABEL, lineTotal } from '@shared/pricing';
import type { CartItem } from '@shared/schemas/storage';
import { lineKey, sizeText } from '@shared/sizes';
import type { CartLineFlags } from './cart';
import { lineName } from './cart';
import { $cart, $cartFlags, $cartNotice } from './cart.store';
import { $checkoutLines, $checkoutTotals, refreshCart, removeFromCart, setCartQuantity } from './cart-page.store';
import './cart.css';

/** Whether a line cannot be bought now (flagged by the last check, or saved with no stock). */
function isOutOfStock(line: CartItem, flags: CartLineFlags | undefined): boolean {
  return line.stock <= 0 || flags?.outOfStock === true;
}

/** − / value / + for one line. The typed value is committed on Enter or when the field loses focus. */
function QuantityControl({ line, disabled }: { line: CartItem; disabled: boolean }) {
  const inputId = useId();
  const key = lineKey(line);
  // Two sizes of one ring are two lines: each control names its size.
  const name = lineName(line);
  // null while not editing: the field then shows the store's quantity, so clamps show up at once.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const typed = draft.trim() === '' ? Number.NaN : Number(draft);
    setDraft(null);
    setCartQuantity(key, typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  return (
    <div className="cart-qty">
      <label className="visually-hidden" htmlFor={inputId}>
        Quantity of {name}
      </label>
      <button
        type="button"
        className="cart-qty__button"
        aria-label={`Decrease quantity of ${name}`}
        disabled={disabled || line.quantity <= 1}
        onClick={() => setCartQuantity(key, line.quantity - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={inputId}
        className="cart-qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, line.stock)}
        step={1}
        disabled={disabled}
        value={draft ?? String(line.quantity)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="cart-qty__button"
        aria-label={`Increase quantity of ${name}`}
        disabled={disabled || line.quantity >= line.stock}
        onClick={() => setCartQuantity(key, line.quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/** One cart line: image, name, unit price, notes from the last availability check, quantity, line total, remove. */
function CartLine({ line, flags, onRemove }: { line: CartItem; flags: CartLineFlags | undefined; onRemove: (key: string) => void }) {
  const outOfStock = isOutOfStock(line, flags);
  const needsSize = flags?.needsSize === true;
  const size = sizeText(line);
  const image = line.thumbnail || PLACEHOLDER_IMAGE;
  const srcSet = cdnSrcset(image, 'webp', 480);
  return (
    <li className={outOfStock || needsSize ? 'cart-line cart-line--unavailable' : 'cart-line'} data-line-key={lineKey(line)}>
      <img
        className="cart-line__image"
        src={cdnImage(image, 240)}
        srcSet={srcSet || undefined}
        sizes="96px"
        width={96}
        height={120}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <a href={routes.product(line)}>{line.name}</a>
        </h2>
        {size && <p className="cart-line__size">{size}</p>}
        <Price price={line.price} discountPrice={line.discountPrice} className="cart-line__price" />
        {flags?.priceChanged && (
          <p className="cart-line__note cart-line__note--changed">
            Price updated from <ChargedPrice amount={flags.priceChanged.from} charged={false} /> to{' '}
            <ChargedPrice amount={flags.priceChanged.to} charged={false} />
          </p>
        )}
        {flags?.quantityReduced && !outOfStock && (
          <p className="cart-line__note cart-line__note--changed">
            Only {flags.quantityReduced.to} left — quantity lowered from {flags.quantityReduced.from}
          </p>
        )}
        {needsSize ? (
          <p className="cart-line__note cart-line__note--unavailable">
            Now sold in sizes — <a href={routes.product(line)}>choose a size</a>; this item won't be included at checkout
          </p>
        ) : (
          outOfStock && (
            <p className="cart-line__note cart-line__note--unavailable">Out of stock — this item won't be included at checkout</p>
          )
        )}
        <div className="cart-line__controls">
          <QuantityControl line={line} disabled={outOfStock || needsSize} />
          <p className="cart-line__total">
            <span className="visually-hidden">Line total </span>
            <ChargedPrice amount={lineTotal(line)} />
          </p>
        </div>
        <button type="button" className="cart-line__remove" onClick={() => onRemove(lineKey(line))}>
          Remove<span className="visually-hidden"> {lineName(line)} from the cart</span>
        </button>
      </div>
    </li>
  );
}

/** The cart page. Renders a placeholder in the static HTML, then the saved cart once hydrated. */
export function CartPage() {
  const hydrated = useHydrated();
  const lines = useStore($cart);
  const flags = useStore($cartFlags);
  const notice = useStore($cartNotice);
  const checkoutLines = useStore($checkoutLines);
  const totals = useStore($checkoutTotals);
  // After a Remove: the line whose Remove button takes focus (null: the empty cart's heading); undefined: nothing to do.
  const focusAfterRemove = useRef<string | null | undefined>(undefined);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const onRemove = (key: string) => {
    focusAfterRemove.current = removeFromCart(key);
  };

  // The pressed button is gone with its line: without this, focus would drop to <body>.
  useEffect(() => {
    const key = focusAfterRemove.current;
    if (key === undefined) return;
    focusAfterRemove.current = undefined;
    const next =
      key === null ? null : document.querySelector<HTMLElement>(`.cart-line[data-line-key="${CSS.escape(key)}"] .cart-line__remove`);
    (next ?? emptyHeading.current)?.focus();
  }, [lines]);

  // The page is static: prices and stock may have moved since the build or since the items were added.
  useEffect(() => {
    void refreshCart();
  }, []);

  const canCheckout = checkoutLines.length > 0;

  return (
    <section className="cart" aria-labelledby="cart-title">
      <h1 id="cart-title" className="cart__title">
        Your cart
      </h1>
      {/* Always rendered so screen readers are already listening when a message arrives. */}
      <p className="cart__notice" role="status" aria-live="polite">
        {notice ?? ''}
      </p>

      {!hydrated ? (
        <p className="cart__loading">Loading your cart…</p>
      ) : lines.length === 0 ? (
        <div className="cart-empty">
          <h2 ref={emptyHeading} className="cart-empty__text" tabIndex={-1}>
            Your cart is empty
          </h2>
          <a className="btn btn--outline" href={routes.allProducts}>
            Continue shopping
          </a>
        </div>
      ) : (
        <div className="cart__layout">
          <ul className="cart__lines" aria-label="Items in your cart">
            {lines.map((line) => (
              <CartLine key={lineKey(line)} line={line} flags={flags[lineKey(line)]} onRemove={onRemove} />
            ))}
          </ul>

          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-summary__title">
              Order summary
            </h2>
            <dl className="cart-summary__rows">
              <div className="cart-summary__row">
                <dt>
                  Subtotal ({totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'})
                </dt>
                <dd>
                  <ChargedPrice amount={totals.subtotal} />
                </dd>
              </div>
            </dl>
            <ChargedInInr amount={totals.subtotal} className="cart-summary__note" />
            <p className="cart-summary__note">Inclusive of all taxes</p>
            <p className="cart-summary__note">
              Shipping is free when you pay online; cash on delivery adds a {COD_FEE_LABEL} of{' '}
              <ChargedPrice amount={COD_FEE} charged={false} />
            </p>
            {canCheckout ? (
              <a className="btn btn--block" href={routes.checkout}>
                Check out
              </a>
            ) : (
              <>
                {/* A disabled button, not a link: there is nothing to check out, so it must not navigate. */}
                <button type="button" className="btn btn--block" disabled>
                  Check out
                </button>
                <p className="cart-summary__note">Nothing in your cart is in stock right now.</p>
              </>
            )}
            {/* The shop's two buttons, as in the cart drawer: Check out first, the other way on in outline. */}
            <a className="btn btn--outline btn--block" href={routes.allProducts}>
              Continue shopping
            </a>
          </aside>
        </div>
      )}
    </section>
  );
}

export default CartPage;
