/**
 * Astro integration: a product whose web address (slug) changed keeps its old one working. Netlify answers the old
 * address with a permanent redirect (301) to the new one, from rules this writes into the build's _redirects; the
 * build also renders a small page at the old address that leads on (for servers that do not read _redirects, such
 * as the local emulation), which the rule's "!" overrides on Netlify.
 */
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadCatalogueSnapshot } from '@server/services/catalogue.snapshot';
import { routes } from '@shared/routes';

/** The _redirects lines of the catalogue's moved products. */
export function movedProductRules(moved: { from: string; to: string }[]): string {
  return moved.map((m) => `${routes.product(m.from)} ${routes.product(m.to)} 301!\n`).join('');
}

/** The integration; register it in astro.config.mjs. */
export default function movedProducts(): AstroIntegration {
  return {
    name: 'silver-shop:moved-products',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { moved } = await loadCatalogueSnapshot();
        if (!moved.length) return;
        await appendFile(join(fileURLToPath(dir), '_redirects'), `# Products whose web address changed\n${movedProductRules(moved)}`);
        logger.info(`${moved.length} old product address(es) redirect to the new one.`);
      },
    },
  };
}
