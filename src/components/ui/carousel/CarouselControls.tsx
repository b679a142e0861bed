/** A carousel's controls: previous/next arrows, one dot per real slide, and pause/play. Rendered on the server too. */
import { Icon } from '../Icon';
import { chevronRightIcon } from '../icons/chevron-right';
import { pauseIcon } from '../icons/pause';
import { playIcon } from '../icons/play';
import type { CarouselControls as Controls } from './useCarouselControls';

/** Props of CarouselControls. */
export interface CarouselControlsProps {
  controls: Controls;
  /** Number of dots (real slides); 0 for none. */
  dots: number;
  /** Show previous/next arrows. */
  arrows: boolean;
  /** Names the carousel in the buttons' labels ("Pause testimonials"). */
  label: string;
  /** What one slide is called in dot labels ("Go to testimonial 2"). */
  itemName: string;
  className?: string;
}

/** Renders the controls row. */
export function CarouselControls({ controls, dots, arrows, label, itemName, className = 'carousel__controls' }: CarouselControlsProps) {
  return (
    <div className={className}>
      {arrows && (
        <button type="button" className="carousel__arrow" onClick={controls.prev} aria-label={`Previous ${itemName}`}>
          <Icon icon={chevronRightIcon} size={18} className="carousel__arrow-icon--prev" />
        </button>
      )}
      {dots > 0 && (
        <div className="carousel__dots">
          {Array.from({ length: dots }, (_, i) => (
            <button
              key={i}
              type="button"
              className="carousel__dot"
              aria-label={`Go to ${itemName} ${i + 1} of ${dots}`}
              aria-current={controls.active === i ? 'true' : undefined}
              onClick={() => controls.goTo(i)}
            />
          ))}
        </div>
      )}
      {arrows && (
        <button type="button" className="carousel__arrow" onClick={controls.next} aria-label={`Next ${itemName}`}>
          <Icon icon={chevronRightIcon} size={18} />
        </button>
      )}
      <button
        type="button"
        className="carousel__play"
        hidden={!controls.ready}
        onClick={controls.togglePlay}
        aria-label={controls.playing ? `Pause ${label}` : `Play ${label}`}
      >
        <Icon icon={controls.playing ? pauseIcon : playIcon} size={14} />
      </button>
    </div>
  );
}
