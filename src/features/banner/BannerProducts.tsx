/**
 * The banner page's product grid: cards link to
 * /collections/products/detail/{slug or id}, with the wishlist heart and Add to Cart; 'No banner
 * found' when the banner has no products.
 */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { ProductCard } from '../product-card/ProductCard';
import type { CardProduct } from '../product-card/card';
import '../product-card/product-card.css';

/** Props of BannerProducts. */
export interface BannerProductsProps {
  products: CardProduct[];
}

/** How wide a card renders: 2 columns on phones, 4 from 768 px. */
const SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 24vw, 48vw';

/** The grid inside an error boundary. */
export function BannerProducts({ products }: BannerProductsProps) {
  return (
    <ErrorBoundary>
      {products.length === 0 ? (
        <p className="banner-page__empty">No banner found</p>
      ) : (
        <ul className="lgrid">
          {products.map((product, i) => (
            <li key={product._id}>
              <ProductCard product={product} eager={i < 4} headingLevel={2} sizes={SIZES} />
            </li>
          ))}
        </ul>
      )}
    </ErrorBoundary>
  );
}

export default BannerProducts;
