import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cdnImage, PLACEHOLDER_IMAGE } from '@shared/images';
import { CARD_WIDTHS, ProductPicture } from './ProductPicture';

const render = (props: Parameters<typeof ProductPicture>[0]) => renderToStaticMarkup(createElement(ProductPicture, props));

describe('ProductPicture', () => {
  it('offers AVIF and WebP sources whose URLs are exactly the Image CDN URLs, with explicit size', () => {
    const src = '/uploads/products/leafy vine&co-1.jpg';
    const html = render({ src, alt: 'Leafy', sizes: '50vw' });
    const avif = /type="image\/avif" srcSet="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(avif).toBe(CARD_WIDTHS.map((w) => `${cdnImage(src, w, 'avif')} ${w}w`).join(', '));
    expect(html).toContain('type="image/webp"');
    expect(html).toContain('width="1500" height="1875"');
    expect(html).toContain('loading="lazy"');
  });

  it('loads the LCP image eagerly with high priority', () => {
    const html = render({ src: '/uploads/a.jpg', alt: '', sizes: '100vw', priority: true });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('shows the placeholder as a plain image when there is no picture', () => {
    const html = render({ src: '', alt: 'Nothing yet', sizes: '50vw' });
    expect(html).not.toContain('<picture');
    expect(html).toContain(`src="${PLACEHOLDER_IMAGE}"`);
  });
});
