/**
 * What the header search knows about each product: one Pagefind record per product, built from the
 * catalogue at build time (src/integrations/pagefind.ts). Records come from the data rather than from
 * the rendered pages, so indexing needs no HTML parsing and can run while the pages render.
 */
import { gramsAsG } from '@shared/labels';
import { formatINR } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import type { Product } from '@shared/types';
import { routes } from '@shared/routes';
import { toCardProduct } from '../product-card/card';
import { richTextPlain } from '@shared/rich-text';

/** A Pagefind custom record (the subset of its CustomRecord type the shop fills in). */
export interface SearchRecord {
  url: string;
  content: string;
  language: 'en';
  meta: {
    title: string;
    price: string;
    image?: string;
    /** The product card's facts as JSON (CardProduct), so results render as the shop's product card. */
    card: string;
    /** The plain description, for a readable excerpt (Pagefind's own cuts the whole record). */
    description: string;
  };
}

/** Names a product's record mentions besides its own: its category, subcategory and collections. */
export interface SearchContext {
  category?: string;
  subcategory?: string;
  collections: string[];
}

/** The record for one product; the text carries what a shopper might type to find it. */
export function searchRecord(product: Product, context: SearchContext): SearchRecord {
  const sentences = [
    product.name,
    [context.subcategory, context.category, ...context.collections].filter(Boolean).join(', '),
    richTextPlain(product.description),
    product.tags.map((t) => t.replace(/[-_]+/g, ' ')).join(', '),
    ...Object.entries(product.attributes).map(([name, value]) => `${name}: ${gramsAsG(value)}`),
    ...product.dynamicFields.map((f) => `${f.fieldName}: ${gramsAsG(f.value)}`),
  ].filter((s) => s && s.trim());
  const image = product.thumbnail || product.image[0];
  return {
    url: routes.product(product),
    content: sentences.map((s) => (/[.!?]$/.test(s) ? s : `${s}.`)).join(' '),
    language: 'en',
    meta: {
      title: product.name,
      price: formatINR(unitPrice(product)),
      ...(image ? { image } : {}),
      card: JSON.stringify(toCardProduct(product)),
      description: richTextPlain(product.description),
    },
  };
}
