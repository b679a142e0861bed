/**
 * State of one product detail page: live price and stock, the chosen size (for a piece sold in sizes),
 * the quantity, how many of it the cart already holds, and the Add to Cart / Buy it now actions.
 *
 * The page was built before the latest orders moved stock, so on hydration the store asks
 * GET /api/product-availability (each size's price and stock too), and both actions wait for that answer
 * first: a shopper can never buy a sold-out piece or size on the strength of a stale page. For a piece sold
 * in sizes both actions refuse until a size is chosen; the chosen size lives in the page address (?size=12).
 * One store per island (createProductStore).
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import type { AddToCartResult } from '../cart/cart.store';
import { lineName, OUT_OF_STOCK_MESSAGE } from '../cart/cart';
import type { CartUnit } from '../cart/cart';
import type { CartItem, StoredProduct } from '@shared/schemas/storage';
import { findSize, lineKey } from '@shared/sizes';
import type { ProductSize, ProductSizes } from '@shared/sizes';
import { cartStockLimitMessage } from '@shared/stock-messages';
import { routes } from '@shared/routes';
import type { ProductAvailability } from '@shared/types';
import { BUY_NOW_KEY } from './buy-now';
import type { BuyNowItem } from './buy-now';
import { chooseSizeMessage, priceBeforeChoice } from './size-choice';

/** The live facts of the product (start: build-time values): its own, and each size's. */
export interface LiveFacts {
  price: number;
  discountPrice: number | null;
  stock: number;
  sizes: ProductSize[] | null;
}

/** What the buttons act on: the chosen size, the product itself, or (no size chosen yet) the lowest-priced size and the total stock. */
export interface UnitFacts {
  price: number;
  discountPrice: number | null;
  stock: number;
  /** The price is the lowest of sizes that differ in price: the page says 'From'. */
  from: boolean;
}

/** A message for the shopper after an action. */
export interface ProductNotice {
  kind: 'refused';
  text: string;
}

/** The product as the store needs it: the cart line's facts, and its sizes as built (null: sold as one piece). */
export type ProductStoreInput = StoredProduct & { sizes: ProductSizes | null };

/** What the store needs from outside (fakes in tests). */
export interface ProductDeps {
  fetchAvailability(ids: string[]): Promise<ProductAvailability[]>;
  addToCart(unit: CartUnit, quantity: number): AddToCartResult;
  /** The shopper's cart, followed once the page has hydrated (see followCart). */
  cart: ReadableAtom<readonly CartItem[]>;
  session: Pick<Storage, 'setItem'> | null;
  navigate(path: string): void;
  /** The size the page address asks for (?size=), or null. */
  readSize(): string | null;
  /** Keeps the chosen size in the page address without a new history entry. */
  writeSize(value: string): void;
}

/** The product store's atoms and actions. */
export interface ProductStore {
  $live: ReadableAtom<LiveFacts>;
  /** The chosen size's value, or null (none chosen, or a piece without sizes). */
  $size: ReadableAtom<string | null>;
  /** The sizes with their live price and stock, in catalogue order (empty for a piece without sizes). */
  $sizes: ReadableAtom<readonly ProductSize[]>;
  $unit: ReadableAtom<UnitFacts>;
  /** Sold in sizes and none chosen yet: the buttons explain instead of acting. */
  $needsSize: ReadableAtom<boolean>;
  /** Pieces of this product (in the chosen size) in the cart (0 until followCart runs). */
  $inCart: ReadableAtom<number>;
  $soldOut: ReadableAtom<boolean>;
  /** Add to Cart is enabled: in stock (or no size chosen yet), and the cart holds fewer than there is stock. */
  $canAdd: ReadableAtom<boolean>;
  /** In stock, but every piece is already in the cart: the page says so beside the disabled button. */
  $allInCart: ReadableAtom<boolean>;
  /** The quantity the buttons take, always within 1 and what is left to add. */
  $quantity: ReadableAtom<number>;
  /** Most the quantity can be: the stock left after what the cart holds (at least 1). */
  $maxQuantity: ReadableAtom<number>;
  $notice: ReadableAtom<ProductNotice | null>;
  /** 'Choose a ring size' under the sizes after a refused action; cleared by choosing one. */
  $sizeError: ReadableAtom<string | null>;
  /** Refreshes price and stock from the API; failures are logged and the build-time facts kept. */
  refresh(): Promise<void>;
  /** Chooses a size the product has (also into the page address); returns false for any other value. */
  chooseSize(value: string): boolean;
  /** Chooses the size the page address names, if the product has it; an unknown one is ignored. */
  restoreSize(): void;
  setQuantity(quantity: number): void;
  addToCart(): Promise<AddToCartResult>;
  /** Puts this product (size, quantity) alone in sessionStorage['buyNow'] and goes to checkout. Returns false when refused. */
  buyNow(): Promise<boolean>;
  dismissNotice(): void;
  /**
   * Starts following the cart; returns the unsubscribe. Called after hydration, so the first render
   * matches the static HTML (which cannot know the cart) and the buttons then settle on the stored cart.
   */
  followCart(): () => void;
}

/** Creates the store for one product page. `product` holds the build-time facts. */
export function createProductStore(product: ProductStoreInput, deps: ProductDeps): ProductStore {
  const { sizes: builtSizes, ...stored } = product;
  const option = builtSizes;
  const $live = atom<LiveFacts>({
    price: product.price,
    discountPrice: product.discountPrice,
    stock: product.stock,
    sizes: builtSizes?.values ?? null,
  });
  const $size = atom<string | null>(null);
  const $wanted = atom(1);
  const $cartLines = atom<readonly CartItem[]>([]);
  const $notice = atom<ProductNotice | null>(null);
  const $sizeError = atom<string | null>(null);

  const $sizes = computed($live, (live): readonly ProductSize[] => (option ? (live.sizes ?? []) : []));
  const $chosen = computed([$sizes, $size], (sizes, size) => sizes.find((s) => s.value === size));
  const $needsSize = computed($chosen, (chosen) => option !== null && !chosen);
  const $unit = computed([$live, $sizes, $chosen], (live, sizes, chosen): UnitFacts => {
    const facts = chosen ?? live;
    const before = !chosen && option ? priceBeforeChoice(sizes) : null;
    return before
      ? { ...before, stock: live.stock }
      : { price: facts.price, discountPrice: facts.discountPrice, stock: facts.stock, from: false };
  });
  const $inCart = computed([$cartLines, $size], (lines, size) => {
    if (option && !size) return 0;
    const key = lineKey({ _id: product._id, size });
    return lines.find((line) => lineKey(line) === key)?.quantity ?? 0;
  });
  const $soldOut = computed($unit, (unit) => unit.stock <= 0);
  const $canAdd = computed([$unit, $inCart, $needsSize], (unit, inCart, needsSize) => unit.stock > 0 && (needsSize || inCart < unit.stock));
  const $allInCart = computed(
    [$unit, $inCart, $needsSize],
    (unit, inCart, needsSize) => !needsSize && unit.stock > 0 && inCart >= unit.stock,
  );
  const $maxQuantity = computed([$unit, $inCart], (unit, inCart) => Math.max(1, unit.stock - inCart));
  const $quantity = computed([$wanted, $maxQuantity], (wanted, max) => Math.min(Math.max(1, wanted), max));
  let pending: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    pending ??= deps
      .fetchAvailability([product._id])
      .then(([live]) => {
        // Missing from the answer means the product was removed since the build: nothing left to sell.
        $live.set(
          live
            ? { price: live.price, discountPrice: live.discountPrice, stock: live.stock, sizes: live.sizes }
            : { ...$live.get(), stock: 0, sizes: $live.get().sizes?.map((s) => ({ ...s, stock: 0 })) ?? null },
        );
      })
      .catch((error: unknown) => {
        console.warn('[product] Could not refresh price and stock; showing the page as built.', error);
      });
    return pending;
  };

  const chooseSize = (value: string): boolean => {
    if (!findSize(option, value)) return false;
    $size.set(value);
    $sizeError.set(null);
    deps.writeSize(value);
    return true;
  };

  /**
   * The unit the buttons act on, or the refusal, told once: 'Choose a ring size' beside the sizes (where the
   * shopper acts on it), anything else under the buttons.
   */
  const ready = async (): Promise<{ unit: CartUnit } | { refused: string }> => {
    await refresh();
    if ($needsSize.get()) {
      const text = chooseSizeMessage(option?.name ?? '');
      $notice.set(null);
      $sizeError.set(text);
      return { refused: text };
    }
    if ($soldOut.get()) {
      $notice.set({ kind: 'refused', text: OUT_OF_STOCK_MESSAGE });
      return { refused: OUT_OF_STOCK_MESSAGE };
    }
    const unit = $unit.get();
    const size = $size.get();
    const facts = { price: unit.price, discountPrice: unit.discountPrice, stock: unit.stock };
    return { unit: size && option ? { ...stored, ...facts, sized: true, size, sizeName: option.name } : { ...stored, ...facts } };
  };

  return {
    $live,
    $size,
    $sizes,
    $unit,
    $needsSize,
    $inCart,
    $soldOut,
    $canAdd,
    $allInCart,
    $quantity,
    $maxQuantity,
    $notice,
    $sizeError,
    refresh,
    chooseSize,
    restoreSize() {
      const value = deps.readSize();
      if (value) chooseSize(value);
    },
    setQuantity(quantity) {
      if (Number.isFinite(quantity)) $wanted.set(Math.min(Math.max(1, Math.floor(quantity)), $maxQuantity.get()));
    },
    async addToCart() {
      const checked = await ready();
      if ('refused' in checked) return { ok: false, message: checked.refused };
      const { unit } = checked;
      if (!$canAdd.get() || $quantity.get() > unit.stock - $inCart.get()) {
        const text = cartStockLimitMessage(lineName(unit), unit.stock);
        $notice.set({ kind: 'refused', text });
        return { ok: false, message: text };
      }
      const result = deps.addToCart(unit, $quantity.get());
      // Added: the cart drawer shows the line (deps.addToCart opens it); the page keeps only refusals.
      $notice.set(result.ok ? null : { kind: 'refused', text: result.message ?? OUT_OF_STOCK_MESSAGE });
      if (result.ok) $wanted.set(1);
      return result;
    },
    async buyNow() {
      const checked = await ready();
      if ('refused' in checked) return false;
      const size = $size.get();
      const item: BuyNowItem = { productId: product._id, quantity: Math.min($quantity.get(), checked.unit.stock) };
      if (size) item.size = size;
      try {
        deps.session?.setItem(BUY_NOW_KEY, JSON.stringify(item));
      } catch {
        // Storage blocked: checkout will show 'No items selected' with a way back; nothing else to do here.
      }
      deps.navigate(routes.checkout);
      return true;
    },
    dismissNotice: () => $notice.set(null),
    followCart: () => deps.cart.subscribe((lines) => $cartLines.set(lines)),
  };
}
