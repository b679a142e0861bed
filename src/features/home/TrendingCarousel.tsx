/**
 * The home trending carousel: featured products as product cards, 4 per view from
 * 1200 px, 3 from 992 px, 2 below; autoplay every 2500 ms. Add to cart here is not stock-guarded
 * (only listing pages refuse a sold-out piece up front), though the cart store itself never lets a
 * line exceed stock.
 */
import { Carousel } from '../../components/ui/carousel/Carousel';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { ProductCard } from '../product-card/ProductCard';
import type { CardProduct } from '../product-card/card';

/** Props of TrendingCarousel. */
export interface TrendingCarouselProps {
  products: CardProduct[];
}

/** Slides per view by minimum width; carousel.css mirrors it. */
const PER_VIEW = { 0: 2, 992: 3, 1200: 4 };

/** How wide a card renders at each breakpoint. */
const SIZES = '(min-width: 1280px) 300px, (min-width: 1200px) 24vw, (min-width: 992px) 31vw, 48vw';

/** The carousel inside an error boundary. */
export function TrendingCarousel({ products }: TrendingCarouselProps) {
  if (products.length === 0) return null;
  return (
    <ErrorBoundary>
      <Carousel
        variant="trending"
        label="Trending products"
        itemName="product"
        arrows
        slides={products.map((product) => (
          <ProductCard key={product._id} product={product} guardStock={false} sizes={SIZES} />
        ))}
        keys={products.map((p) => p._id)}
        perView={PER_VIEW}
        spaceBetween={20}
        delay={2500}
        loop={false}
        rewind
      />
    </ErrorBoundary>
  );
}

export default TrendingCarousel;
