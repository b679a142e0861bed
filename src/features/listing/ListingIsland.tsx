/** The listing island as pages mount it: ListingPage inside the shop's error panel. */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { ListingPage } from './ListingPage';
import type { ListingPageProps } from './ListingPage';

/** Renders the listing; a render error shows 'Something went wrong' instead of a blank page. */
export default function ListingIsland(props: ListingPageProps) {
  return (
    <ErrorBoundary>
      <ListingPage {...props} />
    </ErrorBoundary>
  );
}
