/** Shapes one banner page from the catalogue snapshot (build time only). */
import type { Banner, Product } from '@shared/types';
import { unitPrice } from '@shared/pricing';
import { toCardProduct } from '../product-card/card';
import type { CardProduct } from '../product-card/card';
import { routes } from '@shared/routes';

/** The part of the build's catalogue snapshot a banner page reads (the page passes the snapshot itself). */
export interface BannerSource {
  banners: Banner[];
  productById: Map<string, Product>;
}

/** Everything /banner/{id} renders. */
export interface BannerPageData {
  banner: Banner;
  products: CardProduct[];
  title: string;
  description: string;
  path: string;
  image: string;
  /** Intrinsic size of the banner artwork. */
  size: { width: number; height: number };
  jsonLd: Record<string, unknown>[];
}

/** Artwork sizes by banner kind (as the content team exports them). */
function artworkSize(b: Banner): { width: number; height: number } {
  if (b.imageType === 'PromoBanner') return { width: 1600, height: 600 };
  return b.type === 'mobile' ? { width: 900, height: 1000 } : { width: 1920, height: 700 };
}

/** Builds the page data; the banner's products keep their editorial order, unknown ids are skipped. */
export function bannerPage(c: BannerSource, id: string, site: string): BannerPageData {
  const banner = c.banners.find((b) => b._id === id);
  if (!banner) throw new Error(`Banner ${id} is not in the catalogue snapshot`);
  const products = banner.products.flatMap(({ productId }) => {
    const p = c.productById.get(productId);
    return p ? [toCardProduct(p)] : [];
  });
  const path = routes.banner(banner._id);
  const prices = products.map(unitPrice);
  return {
    banner,
    products,
    title: banner.Heading,
    description: products.length
      ? `${banner.Heading}: ${products.length} handcrafted 92.5 sterling silver pieces${prices.length ? ` from ₹${Math.min(...prices).toLocaleString('en-IN')}` : ''}. Cash on delivery and 7-day replacement across India.`
      : `${banner.Heading} at Chandi Kala, handcrafted 92.5 sterling silver jewellery.`,
    path,
    image: banner.image,
    size: artworkSize(banner),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: banner.Heading,
        url: new URL(path, site).href,
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: products.length,
          itemListElement: products.map((p, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: new URL(routes.product(p), site).href,
            name: p.name,
          })),
        },
      },
    ],
  };
}
