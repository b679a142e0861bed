/**
 * State of one product detail page: live price and stock, what was added
 * from this page, and the Add to Cart / Buy it now actions.
 *
 * The page was built before the latest orders moved stock, so on hydration the store asks
 * GET /api/product-availability, and both actions wait for that answer first: a shopper can never buy
 * a sold-out piece on the strength of a stale page. One store per island (createProductStore).
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import type { AddToCartResult } from '../cart/cart.store';
import { OUT_OF_STOCK_MESSAGE, stockLimitMessage } from '../cart/cart';
import type { StoredProduct } from '../../shared/schemas/storage';
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
  session: Pick<Storage, 'setItem'> | null;
  navigate(path: string): void;
}

/** The product store's atoms and actions. */
export interface ProductStore {
  $live: ReadableAtom<LiveFacts>;
  /** Pieces added to the cart from this page. */
  $addedHere: ReadableAtom<number>;
  $soldOut: ReadableAtom<boolean>;
  /** Add to Cart is enabled: in stock and fewer added from this page than there is stock. */
  $canAdd: ReadableAtom<boolean>;
  $notice: ReadableAtom<ProductNotice | null>;
  /** Refreshes price and stock from the API; failures are logged and the build-time facts kept. */
  refresh(): Promise<void>;
  addToCart(): Promise<AddToCartResult>;
  /** Puts this product alone in sessionStorage['buyNow'] and goes to checkout. Returns false when refused. */
  buyNow(): Promise<boolean>;
  dismissNotice(): void;
}

/** Creates the store for one product page. `product` holds the build-time facts. */
export function createProductStore(product: StoredProduct, deps: ProductDeps): ProductStore {
  const $live = atom<LiveFacts>({ price: product.price, discountPrice: product.discountPrice, stock: product.stock });
  const $addedHere = atom(0);
  const $notice = atom<ProductNotice | null>(null);
  const $soldOut = computed($live, (live) => live.stock <= 0);
  const $canAdd = computed([$live, $addedHere], (live, added) => live.stock > 0 && added < live.stock);
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
    $addedHere,
    $soldOut,
    $canAdd,
    $notice,
    refresh,
    async addToCart() {
      await refresh();
      if ($soldOut.get()) {
        $notice.set({ kind: 'refused', text: OUT_OF_STOCK_MESSAGE });
        return { ok: false, message: OUT_OF_STOCK_MESSAGE };
      }
      if (!$canAdd.get()) {
        const text = stockLimitMessage($live.get().stock);
        $notice.set({ kind: 'refused', text });
        return { ok: false, message: text };
      }
      const result = deps.addToCart(current());
      if (result.ok) $addedHere.set($addedHere.get() + 1);
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
  };
}
