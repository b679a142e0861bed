/**
 * Testimonials: 'What Our Customers Say', three fixed cards with photo, name, five
 * filled stars and a quote; loops, advances every 3000 ms and keeps going after interaction;
 * clickable dots; 1 per view below 768 px, 2 from 768 px, 3 from 1024 px; 30 px apart.
 */
import { Carousel } from '../../components/ui/carousel/Carousel';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { starIcon } from '../../components/ui/icons/star';
import { TESTIMONIALS } from './testimonials';
import type { Testimonial } from './testimonials';
import './home-cards.css';

/** The filled star glyph of the icon set. */
const STAR = starIcon.fill?.[0] ?? '';

/** Slides per view by minimum width; carousel.css mirrors it. */
const PER_VIEW = { 0: 1, 768: 2, 1024: 3 };

/** One card. */
function TestimonialCard({ item }: { item: Testimonial }) {
  return (
    <figure className="testimonial">
      {/* One drawing for the five stars keeps the markup light; the label says what it shows. */}
      <svg className="testimonial__stars" viewBox="0 0 120 24" width={95} height={19} role="img" aria-label="Rated 5 out of 5">
        {[0, 24, 48, 72, 96].map((x) => (
          <path key={x} transform={`translate(${x} 0)`} d={STAR} fill="currentColor" />
        ))}
      </svg>
      <blockquote className="testimonial__quote">
        <p>{item.text}</p>
      </blockquote>
      <figcaption className="testimonial__person">
        <img
          className="testimonial__photo"
          src={item.image}
          width={56}
          height={56}
          alt={`Portrait of ${item.name}`}
          loading="lazy"
          decoding="async"
        />
        <span>
          <span className="testimonial__name">{item.name}</span>
          <span className="testimonial__detail">{item.detail}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The carousel inside an error boundary. */
export function Testimonials() {
  return (
    <ErrorBoundary>
      <Carousel
        variant="testimonials"
        label="Customer reviews"
        itemName="testimonial"
        dots
        slides={TESTIMONIALS.map((item) => (
          <TestimonialCard key={item.name} item={item} />
        ))}
        keys={TESTIMONIALS.map((t) => t.name)}
        perView={PER_VIEW}
        spaceBetween={30}
        delay={3000}
        keepPlayingOnInteraction
        loop
      />
    </ErrorBoundary>
  );
}

export default Testimonials;
