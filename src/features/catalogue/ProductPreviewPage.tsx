/**
 * /admin/products/preview?id=: a product as shoppers will see it once its saved draft is published, drawn by the
 * storefront's own product components inside the storefront's layout, for editors and admins only. A note above it
 * says it is a preview and leads back to the form. Mounted by preview-main.tsx, in a bundle of its own.
 */
import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Notice } from '../../components/ui/Notice';
import { useAdminPage } from '../back-office/AdminGate';
import { catalogueRoutes } from '../back-office/catalogue-routes';
import { ProductDetail } from '../product/ProductDetail';
import { ProductInformation } from '../product/ProductInformation';
import { toDetailProduct } from '../product/detail';

import type { ProductStatus } from '@shared/schemas/product';
import { $preview, loadPreview, previewIdFrom } from './preview.store';
import { StaffOnly } from './StaffOnly';
import '../product/product.css';

/** What a status means for the page shown, added to the preview's note. */
const STATUS_NOTE: Record<ProductStatus, string> = {
  active: '',
  draft: ' Its status is Draft: publishing shows it to nobody until it is Active.',
  archived: ' Its status is Archived: once published, its page says it is no longer available and offers similar pieces.',
};

/** Where sign-in returns to: this preview. */
const previewPath = () => `${location.pathname}${location.search}`;

function PreviewInner() {
  const preview = useStore($preview);
  const load = useCallback(() => loadPreview(previewIdFrom(location.search)), []);
  useAdminPage(previewPath, load, preview.status);
  if (preview.status === 'forbidden') return <StaffOnly />;
  if (preview.status === 'loading' || preview.status === 'signed-out') return <p role="status">Loading the preview…</p>;
  if (preview.status === 'error') return <Notice kind="error" text={preview.message} />;
  const detail = toDetailProduct(preview.product);
  const what = preview.version ? `saved draft (version ${preview.version})` : 'live product (no saved changes)';
  return (
    <>
      <Notice
        kind="info"
        live={false}
        className="preview-note"
        text={`Preview of the ${what}, as shoppers will see it once published.${preview.live ? '' : ' This piece is not live yet.'}${STATUS_NOTE[preview.productStatus]}`}
        action={<a href={catalogueRoutes.product(preview.product._id)}>Back to the form</a>}
      />
      <article>
        <ProductDetail product={detail} information={<ProductInformation product={detail} />} />
      </article>
    </>
  );
}

/** The preview (a root of its own, not an Astro island). */
export default function ProductPreviewPage() {
  return (
    <ErrorBoundary>
      <PreviewInner />
    </ErrorBoundary>
  );
}
