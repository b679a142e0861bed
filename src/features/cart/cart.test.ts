import { describe, expect, it } from 'vitest';
import { makeCartItem, makeStoredProduct } from '@shared/schemas/storage.fixtures';
import { CHOOSE_SIZE_MESSAGE, OUT_OF_STOCK_MESSAGE, addLine, countItems, lineName, withoutBought } from './cart';
import type { CartUnit } from './cart';
import { applyAvailability, removeLine, setQuantity } from './cart-page';

describe('addLine', () => {
  it('adds a new product with quantity 1', () => {
    const product = makeStoredProduct();
    const result = addLine([], product);
    expect(result.added).toBe(true);
    expect(result.message).toBeUndefined();
    expect(result.lines).toEqual([{ ...product, quantity: 1 }]);
  });

  it('raises the quantity of a product already in the cart by 1', () => {
    const line = makeCartItem({ quantity: 2, stock: 5 });
    const result = addLine([line], line);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]?.quantity).toBe(3);
  });

  it('refuses a product with no stock, with the out-of-stock alert', () => {
    const result = addLine([], makeStoredProduct({ stock: 0 }));
    expect(result).toEqual({ lines: [], added: false, message: OUT_OF_STOCK_MESSAGE });
    expect(OUT_OF_STOCK_MESSAGE).toBe('This product is out of stock!');
  });

  it('never goes above stock, naming the product and how many there are', () => {
    const line = makeCartItem({ name: 'Pearl Drop Earrings', quantity: 3, stock: 3 });
    const result = addLine([line], line);
    expect(result.added).toBe(false);
    expect(result.lines[0]?.quantity).toBe(3);
    expect(result.message).toBe('Only 3 of Pearl Drop Earrings are in stock. Cannot add more than 3 items to the cart.');
  });

  it('does not keep extra product fields in the line', () => {
    const product = { ...makeStoredProduct(), description: 'Hand-finished', image: ['a.jpg'] };
    const [line] = addLine([], product).lines;
    expect(line).not.toHaveProperty('description');
  });
});

describe('setQuantity', () => {
  const line = makeCartItem({ name: 'Moon Ring', quantity: 2, stock: 4 });

  it('sets the quantity', () => {
    expect(setQuantity([line], line._id, 3).lines[0]?.quantity).toBe(3);
  });

  it('removes the line at 0 or below', () => {
    expect(setQuantity([line], line._id, 0).lines).toEqual([]);
    expect(setQuantity([line], line._id, -2).lines).toEqual([]);
  });

  it('clamps to stock and says so', () => {
    const result = setQuantity([line], line._id, 9);
    expect(result.lines[0]?.quantity).toBe(4);
    expect(result.message).toBe('Only 4 of Moon Ring are in stock. Cannot add more than 4 items to the cart.');
  });

  it('ignores input that is not a number, and rounds fractions down', () => {
    expect(setQuantity([line], line._id, Number.NaN).lines).toEqual([line]);
    expect(setQuantity([line], line._id, 3.7).lines[0]?.quantity).toBe(3);
  });

  it('does not raise a line that is out of stock', () => {
    const soldOut = makeCartItem({ name: 'Lotus Ring', quantity: 1, stock: 0 });
    const result = setQuantity([soldOut], soldOut._id, 2);
    expect(result.lines).toEqual([soldOut]);
    expect(result.message).toBe('Lotus Ring is out of stock.');
  });

  it('leaves the cart alone for an unknown id', () => {
    expect(setQuantity([line], makeStoredProduct()._id, 2).lines).toEqual([line]);
  });
});

describe('removeLine and countItems', () => {
  it('removes only the matching line', () => {
    const a = makeCartItem();
    const b = makeCartItem();
    expect(removeLine([a, b], a._id)).toEqual([b]);
  });

  it('counts pieces, not lines', () => {
    expect(countItems([makeCartItem({ quantity: 2 }), makeCartItem({ quantity: 3 })])).toBe(5);
    expect(countItems([])).toBe(0);
  });
});

describe('applyAvailability', () => {
  it('updates price and stock and flags a changed unit price', () => {
    const line = makeCartItem({ price: 2000, discountPrice: 1500, stock: 5, quantity: 1 });
    const result = applyAvailability([line], [{ _id: line._id, price: 2000, discountPrice: 1700, stock: 8, sizes: null }]);
    expect(result.lines[0]).toMatchObject({ discountPrice: 1700, stock: 8, quantity: 1 });
    expect(result.flags[line._id]).toEqual({ priceChanged: { from: 1500, to: 1700 } });
    expect(result.message).toBeUndefined();
  });

  it('does not flag a line whose unit price is unchanged', () => {
    const line = makeCartItem({ price: 2000, discountPrice: 1500 });
    const result = applyAvailability([line], [{ _id: line._id, price: 2400, discountPrice: 1500, stock: 5, sizes: null }]);
    expect(result.flags).toEqual({});
  });

  it('lowers a quantity above the new stock with the cart-limit message, naming the product', () => {
    const line = makeCartItem({ name: 'Lotus Ring', quantity: 4, stock: 6 });
    const result = applyAvailability([line], [{ _id: line._id, price: line.price, discountPrice: null, stock: 2, sizes: null }]);
    expect(result.lines[0]?.quantity).toBe(2);
    expect(result.flags[line._id]).toEqual({ quantityReduced: { from: 4, to: 2 } });
    expect(result.message).toBe('Only 2 of Lotus Ring are in stock. Cannot add more than 2 items to the cart.');
  });

  it('names each line when several quantities were lowered', () => {
    const ring = makeCartItem({ name: 'Moon Ring', quantity: 3 });
    const anklet = makeCartItem({ name: 'Leaf Anklet', quantity: 3 });
    const result = applyAvailability(
      [ring, anklet],
      [
        { _id: ring._id, price: ring.price, discountPrice: null, stock: 1, sizes: null },
        { _id: anklet._id, price: anklet.price, discountPrice: null, stock: 2, sizes: null },
      ],
    );
    expect(result.message).toBe(
      'Only 1 of Moon Ring is in stock. Cannot add more than 1 item to the cart. ' +
        'Only 2 of Leaf Anklet are in stock. Cannot add more than 2 items to the cart.',
    );
  });

  it('flags lines now out of stock but keeps them, with their quantity, so the shopper sees why', () => {
    const line = makeCartItem({ quantity: 2 });
    const result = applyAvailability([line], [{ _id: line._id, price: line.price, discountPrice: null, stock: 0, sizes: null }]);
    expect(result.lines[0]).toMatchObject({ stock: 0, quantity: 2 });
    expect(result.flags[line._id]).toEqual({ outOfStock: true });
  });

  it('treats a product missing from the answer as out of stock', () => {
    const line = makeCartItem();
    const result = applyAvailability([line], []);
    expect(result.lines[0]?.stock).toBe(0);
    expect(result.flags[line._id]).toEqual({ outOfStock: true });
  });
});

describe('withoutBought', () => {
  it('takes out the pieces an order bought, dropping lines left with none and keeping the rest', () => {
    const lines = [
      makeCartItem({ _id: 'a', quantity: 2 }),
      makeCartItem({ _id: 'b', quantity: 1 }),
      makeCartItem({ _id: 'c', quantity: 3 }),
    ];
    const left = withoutBought(lines, [
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: 1 },
    ]);
    expect(left.map((l) => [l._id, l.quantity])).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(withoutBought(lines, [{ productId: 'z', quantity: 5 }])).toEqual(lines);
  });
});

/** A ring sold in sizes, as one size of it reaches Add to Cart: the size's own price and stock. */
function ringInSize(size: string, overrides: Partial<CartUnit> = {}): CartUnit {
  return makeStoredProduct({
    _id: 'b'.repeat(24),
    name: 'Lotus Ring',
    sized: true,
    ...overrides,
    size,
    sizeName: 'Ring size',
  } as Partial<CartUnit>);
}

describe('lines in sizes', () => {
  it('keeps two sizes of one ring as two lines, each with its size', () => {
    let lines = addLine([], ringInSize('12')).lines;
    lines = addLine(lines, ringInSize('14', { price: 1600 })).lines;
    lines = addLine(lines, ringInSize('12')).lines;
    expect(lines.map((l) => [l.size, l.sizeName, l.quantity, l.price])).toEqual([
      ['12', 'Ring size', 2, 1500],
      ['14', 'Ring size', 1, 1600],
    ]);
    expect(countItems(lines)).toBe(3);
  });

  it('adds the quantity chosen on the product page, within that size’s stock', () => {
    const once = addLine([], ringInSize('12', { stock: 3 }), 2);
    expect(once.lines[0]?.quantity).toBe(2);
    const again = addLine(once.lines, ringInSize('12', { stock: 3 }), 2);
    expect(again.added).toBe(false);
    expect(again.lines[0]?.quantity).toBe(2);
    expect(again.message).toBe('Only 3 of Lotus Ring (Ring size: 12) are in stock. Cannot add more than 3 items to the cart.');
  });

  it('applies stock per size: a sold-out size is refused while another size is added', () => {
    expect(addLine([], ringInSize('16', { stock: 0 }))).toMatchObject({ added: false, message: OUT_OF_STOCK_MESSAGE });
    expect(addLine([], ringInSize('14', { stock: 1 })).added).toBe(true);
  });

  it('never adds a product sold in sizes without one', () => {
    const { size: _size, ...unsized } = ringInSize('12');
    expect(addLine([], unsized)).toEqual({ lines: [], added: false, message: CHOOSE_SIZE_MESSAGE });
  });

  it('names the size in messages', () => {
    expect(lineName(ringInSize('12'))).toBe('Lotus Ring (Ring size: 12)');
    expect(lineName(makeStoredProduct({ name: 'Leaf Anklet' }))).toBe('Leaf Anklet');
  });

  it('sets and removes one size, leaving the other size alone', () => {
    const lines = [
      makeCartItem({ ...ringInSize('12'), quantity: 1, stock: 2 }),
      makeCartItem({ ...ringInSize('14'), quantity: 1, stock: 2 }),
    ];
    const key12 = `${'b'.repeat(24)}:12`;
    const raised = setQuantity(lines, key12, 5);
    expect(raised.lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(raised.message).toBe('Only 2 of Lotus Ring (Ring size: 12) are in stock. Cannot add more than 2 items to the cart.');
    expect(removeLine(lines, key12).map((l) => l.size)).toEqual(['14']);
  });

  it('re-checks each size against its own live price and stock, flags keyed by product and size', () => {
    const id = 'b'.repeat(24);
    const lines = [
      makeCartItem({ ...ringInSize('12'), quantity: 2, stock: 5 }),
      makeCartItem({ ...ringInSize('14'), quantity: 1, stock: 5 }),
      makeCartItem({ ...ringInSize('22'), quantity: 1, stock: 5 }),
    ];
    const result = applyAvailability(lines, [
      {
        _id: id,
        price: 1500,
        discountPrice: null,
        stock: 1,
        sizes: [
          { value: '12', price: 1500, discountPrice: null, stock: 1 },
          { value: '14', price: 1700, discountPrice: null, stock: 0 },
        ],
      },
    ]);
    expect(result.lines.map((l) => [l.size, l.quantity, l.stock, l.price])).toEqual([
      ['12', 1, 1, 1500],
      ['14', 1, 0, 1700],
      ['22', 1, 0, 1500],
    ]);
    expect(result.flags).toEqual({
      [`${id}:12`]: { quantityReduced: { from: 2, to: 1 } },
      [`${id}:14`]: { priceChanged: { from: 1500, to: 1700 }, outOfStock: true },
      // A size the product no longer offers: nothing left to sell in it.
      [`${id}:22`]: { outOfStock: true },
    });
    expect(result.message).toBe('Only 1 of Lotus Ring (Ring size: 12) is in stock. Cannot add more than 1 item to the cart.');
  });

  it('flags a line saved before its product had sizes: it needs one before checkout', () => {
    const old = makeCartItem({ name: 'Lotus Ring' });
    const result = applyAvailability(
      [old],
      [{ _id: old._id, price: 1500, discountPrice: null, stock: 3, sizes: [{ value: '12', price: 1500, discountPrice: null, stock: 3 }] }],
    );
    expect(result.flags[old._id]).toEqual({ needsSize: true });
    expect(result.lines[0]).toMatchObject({ sized: true, quantity: 1 });
  });

  it('takes bought pieces from the line of the size bought only', () => {
    const id = 'b'.repeat(24);
    const lines = [makeCartItem({ ...ringInSize('12'), quantity: 2 }), makeCartItem({ ...ringInSize('14'), quantity: 1 })];
    const left = withoutBought(lines, [{ productId: id, size: '14', quantity: 1 }]);
    expect(left.map((l) => [l.size, l.quantity])).toEqual([['12', 2]]);
  });
});
