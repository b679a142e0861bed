/** Shapes the catalogue snapshot into what the home page's sections render (build time only). */
import type { Banner, Collection, Product, ShopSettings, Subcategory } from '@shared/types';
import { toCardProduct } from '../product-card/card';
import type { CardProduct } from '../product-card/card';
import { routes } from '@shared/routes';
import { scheduleState } from '@shared/banner-schedule';
import type { BannerSlide } from './BannerSlider';
import type { CollectionTile } from './CollectionsCarousel';

/** The part of the build's catalogue snapshot the home page reads (the page passes the snapshot itself). */
export interface HomeSource {
  banners: Banner[];
  collections: Collection[];
  products: Product[];
  subcategories: Subcategory[];
  productsByCollection: Map<string, Product[]>;
  productsBySubcategory: Map<string, Product[]>;
}

/** Everything the home page shows. */
export interface HomeData {
  webBanners: BannerSlide[];
  mobileBanners: BannerSlide[];
  promo: Banner | undefined;
  collections: CollectionTile[];
  trending: CardProduct[];
  subcategories: (Subcategory & { count: number })[];
}

/** A banner's slide: its URL when non-empty, else its banner page. */
export function toSlide(b: Banner): BannerSlide {
  return { id: b._id, heading: b.Heading, href: b.URL || routes.banner(b._id), image: b.image };
}

/** Picks and shapes the home sections' data from the snapshot. */
export function homeData(c: HomeSource, now = new Date()): HomeData {
  // Only active banners of imageType Banner go to the sliders; a scheduled one only within its days (the scheduled
  // rebuild builds the page again when one starts or ends).
  const showing = c.banners.filter((b) => b.status === 'active' && scheduleState(b, now) === 'showing');
  const sliderBanners = showing.filter((b) => b.imageType === 'Banner');
  return {
    webBanners: sliderBanners.filter((b) => b.type === 'web').map(toSlide),
    mobileBanners: sliderBanners.filter((b) => b.type === 'mobile').map(toSlide),
    promo: showing.find((b) => b.imageType === 'PromoBanner'),
    collections: c.collections.map((col) => ({
      id: col._id,
      name: col.name,
      href: routes.collection(col),
      image: col.image[0] ?? '',
      count: c.productsByCollection.get(col._id)?.length ?? 0,
    })),
    trending: c.products.filter((p) => p.featured).map(toCardProduct),
    subcategories: c.subcategories.map((s) => ({ ...s, count: c.productsBySubcategory.get(s._id)?.length ?? 0 })),
  };
}

/** Organization structured data for the home page, with the grievance contact as customer service. */
export function organizationJsonLd(site: string, settings: ShopSettings): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Chandi Kala',
    url: site,
    logo: new URL('/images/logo.svg', site).href,
    sameAs: ['https://www.facebook.com/chandikala', 'https://www.instagram.com/chandikala'],
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: settings.grievanceOfficer.email,
        telephone: settings.grievanceOfficer.phone,
        areaServed: 'IN',
        availableLanguage: ['en', 'hi'],
      },
    ],
  };
}

/** WebSite structured data with the site search (the /search page). */
export function websiteJsonLd(site: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Chandi Kala',
    url: site,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: new URL(`${routes.search()}?q={search_term_string}`, site).href.replace('%7B', '{').replace('%7D', '}'),
      },
      'query-input': 'required name=search_term_string',
    },
  };
}
