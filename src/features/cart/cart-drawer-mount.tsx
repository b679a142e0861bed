/**
 * Mounts the cart drawer into the page the first time it opens. Loaded by import() from cart-drawer.store.ts,
 * so neither React DOM's root nor the drawer's code and styles are part of any page's first load. The styles go
 * by URL: page CSS is inlined, so an imported stylesheet would have no file for the lazy chunk to preload.
 */
import { createRoot } from 'react-dom/client';
import { loadStylesheet } from '../../components/ui/load-stylesheet';
import { CartDrawer } from './CartDrawer';
import drawerCssUrl from './cart-drawer.css?url';

let mounted: Promise<void> | null = null;

/** Adds the drawer's root to <body> once (its stylesheet first, so it never shows unstyled). */
export function mountCartDrawer(): Promise<void> {
  mounted ??= loadStylesheet(drawerCssUrl).then(() => {
    const host = document.createElement('div');
    host.className = 'cdrawer-host';
    document.body.append(host);
    createRoot(host).render(<CartDrawer />);
  });
  return mounted;
}
