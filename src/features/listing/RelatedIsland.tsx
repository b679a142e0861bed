/** The related carousel as pages mount it: RelatedCarousel inside the shop's error panel. */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { RelatedCarousel } from './RelatedCarousel';
import type { RelatedCarouselProps } from './RelatedCarousel';

/** Renders the carousel; a render error shows 'Something went wrong' instead of a blank gap. */
export default function RelatedIsland(props: RelatedCarouselProps) {
  return (
    <ErrorBoundary>
      <RelatedCarousel {...props} />
    </ErrorBoundary>
  );
}
