import { describe, expect, it } from 'vitest';
import { allInCartMessage, cartLimitSentence, cartStockLimitMessage, outOfStockMessage, stockLimitMessage } from './stock-messages';

describe('stock messages', () => {
  it('name the product and say how many, singular and plural', () => {
    expect(stockLimitMessage('Pearl Drop Earrings', 3)).toBe('Only 3 of Pearl Drop Earrings are in stock.');
    expect(stockLimitMessage('Lotus Ring', 1)).toBe('Only 1 of Lotus Ring is in stock.');
  });

  it('say out of stock when none is left', () => {
    expect(outOfStockMessage('Lotus Ring')).toBe('Lotus Ring is out of stock.');
    expect(stockLimitMessage('Lotus Ring', 0)).toBe('Lotus Ring is out of stock.');
    expect(cartStockLimitMessage('Lotus Ring', 0)).toBe('Lotus Ring is out of stock.');
  });

  it('end the cart’s refusal with the cart-limit sentence', () => {
    expect(cartLimitSentence(3)).toBe('Cannot add more than 3 items to the cart.');
    expect(cartLimitSentence(1)).toBe('Cannot add more than 1 item to the cart.');
    expect(cartStockLimitMessage('Pearl Drop Earrings', 3)).toBe(
      'Only 3 of Pearl Drop Earrings are in stock. Cannot add more than 3 items to the cart.',
    );
  });

  it('explain a product page whose whole stock is in the cart', () => {
    expect(allInCartMessage(3)).toBe('All 3 in stock are in your cart.');
    expect(allInCartMessage(1)).toBe('The only piece in stock is in your cart.');
  });

  it('still read as a sentence for a product without a name', () => {
    expect(stockLimitMessage('  ', 2)).toBe('Only 2 of this product are in stock.');
    expect(outOfStockMessage('')).toBe('This product is out of stock.');
  });
});
