import { beforeEach, describe, expect, it, vi } from 'vitest';
import onEventDirective from './on-event-directive';

const NAME = 'part:open';
let win: EventTarget;
let assign: ReturnType<typeof vi.fn<(href: string) => void>>;
const live = { textContent: '' };

/** Fires the directive's event, with what to do if the island cannot load. */
const ask = (detail: unknown = null) => win.dispatchEvent(new CustomEvent(NAME, { detail }));
/** Lets the directive's awaits settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  assign = vi.fn<(href: string) => void>();
  win = Object.assign(new EventTarget(), { location: { assign } });
  vi.stubGlobal('window', win);
  live.textContent = '';
  head.length = 0;
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'island-status' ? live : null),
    createElement: () => ({}),
    head: { append: (link: Link) => head.push(link) },
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

/** A <link> the directive added to the page's head. */
interface Link {
  rel: string;
  as?: string;
  href: string;
}
const head: Link[] = [];

/** The island element: Astro's loader reports a failed import on it; its `prefetch` lists the files its code needs. */
let el: EventTarget & { getAttribute(name: string): string | null };

/** The directive on a fake island whose code loads (or fails) as `load` says. */
function island(load: () => Promise<() => Promise<void>>, prefetch = '') {
  el = Object.assign(new EventTarget(), { getAttribute: (name: string) => (name === 'prefetch' ? prefetch : null) });
  const spy = vi.fn(load);
  onEventDirective(spy, { name: 'onevent', value: NAME }, el as HTMLElement);
  return spy;
}

/** What Astro's island loader does when the import fails (twice): an event on the island, and a no-op hydrate. */
const astroFailure = async () => {
  el.dispatchEvent(new CustomEvent('astro:hydration-error', { cancelable: true, detail: { error: new Error('offline') } }));
  return async () => undefined;
};

describe('client:onevent', () => {
  it('hydrates once, on the first event', async () => {
    const hydrate = vi.fn(async () => undefined);
    const load = island(async () => hydrate);
    ask();
    ask();
    await settle();
    ask();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('a failed load undoes what the event asked to, follows its href instead, and tries again on the next event', async () => {
    const undo = vi.fn();
    const load = island(() => Promise.reject(new Error('offline')));
    ask({ href: '/productcard', undo });
    await settle();
    expect(undo).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/productcard');
    ask();
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('sees the failure Astro’s loader reports by event (it resolves, with nothing to hydrate), and retries on the next', async () => {
    const load = island(astroFailure);
    ask({ href: '/productcard' });
    await settle();
    expect(assign).toHaveBeenCalledWith('/productcard');
    ask({ say: 'Added to cart: Moon Ring' });
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(live.textContent).toBe('Added to cart: Moon Ring');
  });

  it('a failed load announces the event’s sentence when there is no page to go to', async () => {
    island(() => Promise.reject(new Error('gone')));
    ask({ say: 'Added to cart: Moon Ring' });
    await settle();
    expect(live.textContent).toBe('Added to cart: Moon Ring');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a click while a hover’s load is on its way still gets its fallback when that load fails', async () => {
    let reject!: (error: Error) => void;
    const load = island(() => new Promise((_, no) => (reject = no)));
    ask(null);
    ask({ href: '/productcard' });
    reject(new Error('offline'));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/productcard');
  });

  it('asks for every file of the island at once at the event (modules and stylesheet), and only once', async () => {
    island(async () => async () => undefined, '/_astro/Drawer.js /_astro/lines.js /_astro/drawer.css');
    expect(head).toEqual([]);
    ask();
    ask();
    await settle();
    expect(head).toEqual([
      { rel: 'modulepreload', href: '/_astro/Drawer.js' },
      { rel: 'modulepreload', href: '/_astro/lines.js' },
      { rel: 'preload', as: 'style', href: '/_astro/drawer.css' },
    ]);
  });

  it('a failed hover preload does nothing visible', async () => {
    island(() => Promise.reject(new Error('offline')));
    ask(null);
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(live.textContent).toBe('');
  });
});
