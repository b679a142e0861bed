/**
 * 'You Might Also Like' carousel: 2 cards per view below 768 px (sized like the listing grid's, not one
 * 380 px card filling a phone), 3 from 768 px, 4 from 992 px, autoplay, looping, on the shop's shared Carousel (pause button, reduced
 * motion, no layout shift when Swiper starts). Add to Cart here is not stock-guarded.
 */
import { useId } from 'react';
import { Carousel } from '../../components/ui/carousel/Carousel';
import type { CardProduct } from '../product-card/card';
import { ProductCard } from '../product-card/ProductCard';
import './listing.css';

/** Autoplay delay: 3 s, like the shop's other sliders. */
export const RELATED_AUTOPLAY_MS = 3000;

/** Slides per view by minimum width (related 0/768/992); carousel.css mirrors it. Two on phones, like the grid above it. */
export const RELATED_PER_VIEW = { 0: 2, 768: 3, 992: 4 };

/** How wide a card renders at each breakpoint. */
const SIZES = '(min-width: 1280px) 300px, (min-width: 992px) 24vw, (min-width: 768px) 32vw, 46vw';

/** Props of RelatedCarousel. */
export interface RelatedCarouselProps {
  /** The products; null while they are still being loaded by the caller. */
  products: CardProduct[] | null;
  title?: string;
}

/** Renders the carousel, or its loading and empty texts. */
export function RelatedCarousel({ products, title = 'You Might Also Like' }: RelatedCarouselProps) {
  const headingId = useId();
  return (
    <section className="related" aria-labelledby={headingId}>
      <h2 id={headingId} className="related__title">
        {title}
      </h2>
      {products === null ? (
        <p className="related__note">Loading related products...</p>
      ) : products.length === 0 ? (
        <p className="related__note">No related products found.</p>
      ) : (
        <Carousel
          variant="related"
          label="Related products"
          itemName="product"
          arrows
          slides={products.map((product) => (
            <ProductCard key={product._id} product={product} sizes={SIZES} />
          ))}
          keys={products.map((p) => p._id)}
          perView={RELATED_PER_VIEW}
          spaceBetween={20}
          delay={RELATED_AUTOPLAY_MS}
        />
      )}
    </section>
  );
}

export default RelatedCarousel;
