/** /product-tracking?orderId=…: the order id, its current status and the five-step line Order Placed … Delivered. */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { routes } from '@shared/routes';
import { PRODUCT_TRACKING_LABELS } from './tracking';
import { TrackingPage } from './TrackingPage';

/** The /product-tracking island. */
export default function ProductTrackingPage() {
  return (
    <ErrorBoundary>
      <TrackingPage
        eyebrow="Product tracking"
        title="Track your order"
        labels={PRODUCT_TRACKING_LABELS}
        layout="across"
        hrefOf={routes.productTracking}
        other={{ label: 'Order timeline', hrefOf: routes.orderTracking }}
      />
    </ErrorBoundary>
  );
}
