/**
 * The back office's product preview, mounted into /admin/products/preview. Built as a bundle of its own
 * (src/integrations/admin-preview.ts), apart from the storefront's: drawn with the storefront's own product island,
 * sharing the shop's build would change how the shop's scripts are split and add bytes to every product page.
 */
import { createRoot } from 'react-dom/client';
import ProductPreviewPage from './ProductPreviewPage';

const root = document.getElementById('product-preview');
if (root) createRoot(root).render(<ProductPreviewPage />);
