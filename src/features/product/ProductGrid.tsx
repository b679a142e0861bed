/**
 * A titled grid of product cards under the product: related products ('You May Also Like') and pair
 * products ('Pairs well with'). Cards link to /collections/products/detail/{slug or id}; Add to Cart
 * here is not stock-guarded.
 */
import { useId } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import type { CardProduct } from '../product-card/card';
import { ProductCard } from '../product-card/ProductCard';
import '../product-card/product-card.css';
import './product.css';

/** Props of ProductGrid. */
export interface ProductGridProps {
  title: string;
  products: CardProduct[];
  /** Shown when there are no products; nothing is rendered when omitted. */
  emptyText?: string;
}

/** Renders the section, or nothing when there is nothing to show and no empty text. */
export function ProductGrid({ title, products, emptyText }: ProductGridProps) {
  const headingId = useId();
  if (products.length === 0 && !emptyText) return null;
  return (
    <section className="pd-grid" aria-labelledby={headingId}>
      <h2 id={headingId} className="pd-grid__title">
        {title}
      </h2>
      {products.length === 0 ? (
        <p className="pd-grid__empty">{emptyText}</p>
      ) : (
        <ul className="lgrid">
          {products.map((p) => (
            <li key={p._id}>
              <ProductCard product={p} sizes="(min-width: 1280px) 300px, (min-width: 768px) 24vw, 48vw" deferPicture />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The island as pages mount it, inside the shop's error panel. */
export default function ProductGridIsland(props: ProductGridProps) {
  return (
    <ErrorBoundary>
      <ProductGrid {...props} />
    </ErrorBoundary>
  );
}
