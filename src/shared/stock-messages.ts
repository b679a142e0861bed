/**
 * What a shopper is told when stock limits what they can buy, worded once for the browser (cart, product
 * page, cards) and the server (the checkout's stock check), so the same limit never reads two ways. Each
 * message names the product and says how many there are, with the singular and plural right.
 * Imports nothing: it rides in the first-load JavaScript of every page with an Add to Cart button.
 */

/** The product's name as it appears in a sentence; a nameless product still reads as one. */
function named(name: string): string {
  return name.trim() || 'this product';
}

/** 'Lotus Ring is out of stock.' */
export function outOfStockMessage(name: string): string {
  const subject = named(name);
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} is out of stock.`;
}

/** 'Only 3 of Pearl Drop Earrings are in stock.' / 'Only 1 of Lotus Ring is in stock.' (none left: out of stock). */
export function stockLimitMessage(name: string, stock: number): string {
  if (stock <= 0) return outOfStockMessage(name);
  return `Only ${stock} of ${named(name)} ${stock === 1 ? 'is' : 'are'} in stock.`;
}

/** The sentence for a quantity above stock: 'Cannot add more than 3 items to the cart.' ('1 item' for one). */
export function cartLimitSentence(stock: number): string {
  return `Cannot add more than ${stock} ${stock === 1 ? 'item' : 'items'} to the cart.`;
}

/** The cart's refusal: which product, how many there are, and cartLimitSentence. */
export function cartStockLimitMessage(name: string, stock: number): string {
  if (stock <= 0) return outOfStockMessage(name);
  return `${stockLimitMessage(name, stock)} ${cartLimitSentence(stock)}`;
}

/** Why Add to Cart is off on a product page whose whole stock is already in the cart: 'All 3 in stock are in your cart.' */
export function allInCartMessage(stock: number): string {
  return stock === 1 ? 'The only piece in stock is in your cart.' : `All ${stock} in stock are in your cart.`;
}
