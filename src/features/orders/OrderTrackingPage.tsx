/** /Order-tracking?orderId=…: the order tracking component (Order Placed, Order Packed, In Transit, Out for Delivery, Delivered) with real dates. */
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { routes } from '@shared/routes';
import { ORDER_TRACKING_LABELS } from './tracking';
import { TrackingPage } from './TrackingPage';

/** The /Order-tracking island. */
export default function OrderTrackingPage() {
  return (
    <ErrorBoundary>
      <TrackingPage
        eyebrow="Order tracking"
        title="Where is my order?"
        labels={ORDER_TRACKING_LABELS}
        layout="down"
        hrefOf={routes.orderTracking}
        other={{ label: 'Product tracking', hrefOf: routes.productTracking }}
      />
    </ErrorBoundary>
  );
}
