import type { ClientDirective } from 'astro';
import { whenEngaged } from '../components/ui/when-engaged';

/** Hydrates the island once the shopper engages with the page (see engaged.ts). */
const engagedDirective: ClientDirective = (load) => {
  void whenEngaged()
    .then(load)
    .then((hydrate) => hydrate());
};

export default engagedDirective;
