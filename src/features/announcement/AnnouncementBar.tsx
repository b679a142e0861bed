/**
 * The announcement bar: a vertical slider of the visible headings (spec section 2), advancing every
 * 2.5 s with a 0.8 s transition. The static HTML shows the first message in the final geometry,
 * so nothing moves when Swiper starts (it is fetched lazily, see useSwiper). Hover pauses it;
 * reduced motion swaps messages without sliding.
 */
import { useRef } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { prefersReducedMotion, useSwiper } from '../../components/ui/carousel/useSwiper';
import './announcement.css';

/** Props of AnnouncementBar: the visible headings' messages, in order. */
export interface AnnouncementBarProps {
  messages: string[];
}

/** Autoplay delay and transition speed from the spec (section 9). */
const DELAY_MS = 2500;
const SPEED_MS = 800;

function AnnouncementSlider({ messages }: AnnouncementBarProps) {
  const rootRef = useRef<HTMLDivElement>(null);

  useSwiper(
    rootRef,
    ({ Autoplay }) =>
      messages.length < 2
        ? null
        : {
            modules: [Autoplay],
            direction: 'vertical',
            loop: true,
            // Reduced motion: messages still change, but swap instead of sliding.
            speed: prefersReducedMotion() ? 0 : SPEED_MS,
            allowTouchMove: false,
            autoplay: { delay: DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
          },
    [messages.length],
  );

  return (
    <div ref={rootRef} className="announcement__slider swiper">
      <ul className="announcement__list swiper-wrapper" role="list">
        {messages.map((message, i) => (
          <li key={i} className="announcement__item swiper-slide">
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The bar; renders nothing when no heading is visible. */
export function AnnouncementBar({ messages }: AnnouncementBarProps) {
  if (messages.length === 0) return null;
  return (
    <section className="announcement" aria-label="Announcements">
      <ErrorBoundary compact>
        <AnnouncementSlider messages={messages} />
      </ErrorBoundary>
    </section>
  );
}

export default AnnouncementBar;
