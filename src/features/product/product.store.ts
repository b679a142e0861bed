/**
 * State of one product detail page: live price and stock, how many of it the cart already holds, and
 * the Add to Cart / Buy it now actions.
 *
 * The page was built before the latest orders moved stock, so on hydration the store asks
 * GET /api/product-availability, and both actions wait for that answer first: a shopper can never buy
 * a sold-out piece on the strength of a stale page. One store per island (createProductStore).
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import type { AddToCartResult } from '../cart/cart.store';
import { OUT_OF_STOCK_MESSAGE } from '../cart/cart';
import type { CartItem, StoredProduct } from '../../shared/schemas/storage';
import { cartStockLimitMessage } from '../../shared/stock-messages';
import { routes } from '../../shared/routes';
import type { ProductAvailability } from '../../shared/types';

/** sessionStorage key the checkout reads for a Buy it now purchase. */
export const BUY_NOW_KEY = 'buyNow';

/** What Buy it now hands the checkout: this product alone, one piece. */
export interface BuyNowItem {
  productId: string;
  quantity: 1;
}

/** The live facts of the product (start: build-time values). */
export interface LiveFacts {
  price: number;
  discountPrice: number | null;
  stock: number;
}

/** A message for the shopper after an action. */
export interface ProductNotice {
  kind: 'added' | 'refused';
  text: string;
}

/** What the store needs from outside (fakes in tests). */
export interface ProductDeps {
  fetchAvailability(ids: string[]): Promise<ProductAvailability[]>;
  addToCart(product: StoredProduct): AddToCartResult;
  /** The shopper's cart, followed once the page has hydrated (see followCart). */
  cart: ReadableAtom<readonly CartItem[]>;
  session: Pick<Storage, 'setItem'> | null;
  navigate(path: string): void;
}

/** The product store's atoms and actions. */
export interface ProductStore {
  $live: ReadableAtom<LiveFacts>;
  /** Pieces of this product in the cart (0 until followCart runs). */
  $inCart: ReadableAtom<number>;
  $soldOut: ReadableAtom<boolean>;
  /** Add to Cart is enabled: in stock, and the cart holds fewer than there is stock. */
  $canAdd: ReadableAtom<boolean>;
  /** In stock, but every piece is already in the cart: the page says so beside the disabled button. */
  $allInCart: ReadableAtom<boolean>;
  $notice: ReadableAtom<ProductNotice | null>;
  /** Refreshes price and stock from the API; failures are logged and the build-time facts kept. */
  refresh(): Promise<void>;
  addToCart(): Promise<AddToCartResult>;
  /** Puts this product alone in sessionStorage['buyNow'] and goes to checkout. Returns false when refused. */
  buyNow(): Promise<boolean>;
  dismissNotice(): void;
  /**
   * Starts following the cart; returns the unsubscribe. Called after hydration, so the first render
   * matches the static HTML (which cannot know the cart) and the buttons then settle on the stored cart.
   */
  followCart(): () => void;
}

/** Creates the store for one product page. `product` holds the build-time facts. */
export function createProductStore(product: StoredProduct, deps: ProductDeps): ProductStore {
  const $live = atom<LiveFacts>({ price: product.price, discountPrice: product.discountPrice, stock: product.stock });
  const $inCart = atom(0);
  const $notice = atom<ProductNotice | null>(null);
  const $soldOut = computed($live, (live) => live.stock <= 0);
  const $canAdd = computed([$live, $inCart], (live, inCart) => live.stock > 0 && inCart < live.stock);
  const $allInCart = computed([$live, $inCart], (live, inCart) => live.stock > 0 && inCart >= live.stock);
  let pending: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    pending ??= deps
      .fetchAvailability([product._id])
      .then(([live]) => {
        // Missing from the answer means the product was removed since the build: nothing left to sell.
        $live.set(live ? { price: live.price, discountPrice: live.discountPrice, stock: live.stock } : { ...$live.get(), stock: 0 });
      })
      .catch((error: unknown) => {
        console.warn('[product] Could not refresh price and stock; showing the page as built.', error);
      });
    return pending;
  };

  const current = (): StoredProduct => ({ ...product, ...$live.get() });

  return {
    $live,
    $inCart,
    $soldOut,
    $canAdd,
    $allInCart,
    $notice,
    refresh,
    async addToCart() {
      await refresh();
      if ($soldOut.get()) {
        $notice.set({ kind: 'refused', text: OUT_OF_STOCK_MESSAGE });
        return { ok: false, message: OUT_OF_STOCK_MESSAGE };
      }
      if (!$canAdd.get()) {
        const text = cartStockLimitMessage(product.name, $live.get().stock);
        $notice.set({ kind: 'refused', text });
        return { ok: false, message: text };
      }
      const result = deps.addToCart(current());
      $notice.set(result.ok ? { kind: 'added', text: 'Added to cart' } : { kind: 'refused', text: result.message ?? OUT_OF_STOCK_MESSAGE });
      return result;
    },
    async buyNow() {
      await refresh();
      if ($soldOut.get()) {
        $notice.set({ kind: 'refused', text: OUT_OF_STOCK_MESSAGE });
        return false;
      }
      const item: BuyNowItem = { productId: product._id, quantity: 1 };
      try {
        deps.session?.setItem(BUY_NOW_KEY, JSON.stringify(item));
      } catch {
        // Storage blocked: checkout will show 'No items selected' with a way back; nothing else to do here.
      }
      deps.navigate(routes.checkout);
      return true;
    },
    dismissNotice: () => $notice.set(null),
    followCart: () => deps.cart.subscribe((lines) => $inCart.set(lines.find((line) => line._id === product._id)?.quantity ?? 0)),
  };
}
