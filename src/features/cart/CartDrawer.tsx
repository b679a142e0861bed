/**
 * The cart drawer: a modal panel from the right with every cart line (picture, name, size, quantity, line
 * price, remove), the subtotal, Check out and View cart; the line just added is marked. Renders
 * cart-drawer.store.ts and calls its actions. Focus moves in on open and back to the opener on close; Esc and
 * the backdrop close it; the page behind does not scroll (useFocusTrap). An island hydrated by client:onevent on the
 * first open (BaseLayout); its stylesheet goes by URL, so it is not inlined into every page's CSS.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { loadStylesheet } from '../../components/ui/load-stylesheet';
import { QuantityStepper } from '../../components/ui/QuantityStepper';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { lineTotal } from '@shared/pricing';
import { routes } from '@shared/routes';
import type { CartItem } from '@shared/schemas/storage';
import { lineKey, sizeText } from '@shared/sizes';
import { ChargedPrice } from '../currency/ChargedInInr';
import { lineName } from './cart';
import { $cart, $cartCount, $cartNotice } from './cart.store';
import { $cartDrawer, cartDrawerOpener, closeCartDrawer } from './cart-drawer.store';
import { DeliveryCheck } from '../delivery/DeliveryCheck';
import { $cartDrawerSubtotal, removeDrawerLine, setDrawerQuantity } from './cart-drawer-lines.store';
import drawerCssUrl from './cart-drawer.css?url';

let styles: Promise<void> | null = null;

/** One line: picture, name, size, unit price, quantity, line price, remove. */
function DrawerLine({ line, added, onRemove }: { line: CartItem; added: boolean; onRemove: (key: string) => void }) {
  const key = lineKey(line);
  const size = sizeText(line);
  const soldOut = line.stock <= 0;
  return (
    <li className={added ? 'cdrawer-line cdrawer-line--added' : 'cdrawer-line'} data-line-key={key}>
      <img
        className="cdrawer-line__image"
        src={cdnImage(line.thumbnail || PLACEHOLDER_IMAGE, 160)}
        width={64}
        height={80}
        alt=""
        decoding="async"
      />
      <div className="cdrawer-line__body">
        {added && <p className="cdrawer-line__tag">Just added</p>}
        <a className="cdrawer-line__name" href={routes.product(line)} onClick={closeCartDrawer}>
          {line.name}
        </a>
        {size && <p className="cdrawer-line__size">{size}</p>}
        {soldOut && <p className="cdrawer-line__soldout">Out of stock — not included at checkout</p>}
        <div className="cdrawer-line__row">
          <QuantityStepper
            label={`Quantity of ${lineName(line)}`}
            className="cdrawer-qty"
            value={line.quantity}
            max={line.stock}
            disabled={soldOut}
            onChange={(quantity) => setDrawerQuantity(key, quantity)}
          />
          <p className="cdrawer-line__total">
            <span className="visually-hidden">Line total </span>
            <ChargedPrice amount={lineTotal(line)} />
          </p>
        </div>
        <button type="button" className="cdrawer-line__remove" onClick={() => onRemove(key)}>
          Remove<span className="visually-hidden"> {lineName(line)} from the cart</span>
        </button>
      </div>
    </li>
  );
}

/** Where useFocusTrap sends focus on close: read from the store when the drawer opens, so always the latest opener. */
const OPENER = {
  get current(): HTMLElement | null {
    return cartDrawerOpener();
  },
};

/** The drawer, shown while $cartDrawer is open. Renders nothing until its styles are in (as on the server, so hydration matches). */
export function CartDrawer() {
  const { open, addedKey, announcement } = useStore($cartDrawer);
  const lines = useStore($cart);
  const count = useStore($cartCount);
  const subtotal = useStore($cartDrawerSubtotal);
  const notice = useStore($cartNotice);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Filled a moment after the panel appears: a live region that arrives with its text is often not read.
  const [said, setSaid] = useState('');
  const [styled, setStyled] = useState(false);
  // After a Remove: the line whose Remove button takes focus (null: the title, none left); undefined: nothing to do.
  const focusAfterRemove = useRef<string | null | undefined>(undefined);
  const title = useRef<HTMLHeadingElement>(null);
  const onRemove = (key: string) => {
    focusAfterRemove.current = removeDrawerLine(key);
  };

  useEffect(() => {
    let live = true;
    void (styles ??= loadStylesheet(drawerCssUrl)).then(() => live && setStyled(true));
    return () => {
      live = false;
    };
  }, []);

  useFocusTrap(panel, open && styled, closeCartDrawer, OPENER);

  // The pressed button is gone with its line: without this, focus would fall to <body>, out of the dialog.
  useEffect(() => {
    const key = focusAfterRemove.current;
    if (key === undefined) return;
    focusAfterRemove.current = undefined;
    const next =
      key === null
        ? title.current
        : panel.current?.querySelector<HTMLElement>(`[data-line-key="${CSS.escape(key)}"] .cdrawer-line__remove`);
    (next ?? title.current)?.focus();
  }, [lines]);

  useEffect(() => {
    if (!open || !styled) return;
    const id = setTimeout(() => setSaid(announcement), 150);
    return () => {
      clearTimeout(id);
      setSaid('');
    };
  }, [open, styled, announcement]);

  if (!open || !styled) return null;
  return (
    <div className="cdrawer">
      {/* A pointer's way out; keyboard users have Esc and the Close button. */}
      <div className="cdrawer__backdrop" aria-hidden="true" onClick={closeCartDrawer} />
      <div ref={panel} className="cdrawer__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="cdrawer__head">
          <h2 id={titleId} ref={title} className="cdrawer__title" tabIndex={-1}>
            Your cart{count > 0 && <span className="cdrawer__count"> ({count === 1 ? '1 item' : `${count} items`})</span>}
          </h2>
          <button type="button" className="cdrawer__close" aria-label="Close cart" onClick={closeCartDrawer}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {said}
        </p>
        {notice && (
          <p className="cdrawer__notice" role="alert">
            {notice}
          </p>
        )}
        {lines.length === 0 ? (
          <div className="cdrawer__body cdrawer__body--empty">
            <p className="cdrawer__empty">Your cart is empty</p>
            <a className="btn btn--outline" href={routes.allProducts} onClick={closeCartDrawer}>
              Continue shopping
            </a>
          </div>
        ) : (
          <>
            <ul className="cdrawer__body cdrawer__lines" aria-label="Cart items">
              {lines.map((line) => (
                <DrawerLine key={lineKey(line)} line={line} added={lineKey(line) === addedKey} onRemove={onRemove} />
              ))}
            </ul>
            <div className="cdrawer__foot">
              <p className="cdrawer__subtotal">
                <span>Subtotal</span>
                <span data-testid="cart-drawer-subtotal">
                  <ChargedPrice amount={subtotal} />
                </span>
              </p>
              <p className="cdrawer__tax">Inclusive of all taxes. Shipping is free when you pay online.</p>
              <DeliveryCheck compact />
              <a className="btn btn--block" href={routes.checkout}>
                Check out
              </a>
              <a className="btn btn--outline btn--block" href={routes.cart}>
                View cart
              </a>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

export default CartDrawer;
