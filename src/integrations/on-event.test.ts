import { describe, expect, it } from 'vitest';
import { stylesheetsNamedIn, withPrefetchLists } from './on-event';

/** A toy build: each file's static imports. */
const graph: Record<string, string[]> = {
  '/_astro/shell.js': ['/_astro/react.js'],
  '/_astro/client.js': ['/_astro/react.js'],
  '/_astro/Header.js': ['/_astro/shell.js'],
  '/_astro/CartDrawer.js': ['/_astro/shell.js', '/_astro/cart-page.js'],
  '/_astro/cart-page.js': ['/_astro/toast.js'],
};
const closure = (roots: string[], exclude: ReadonlySet<string>) => {
  const seen: string[] = [];
  const queue = [...roots];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.includes(url) || exclude.has(url)) continue;
    seen.push(url);
    queue.push(...(graph[url] ?? []));
  }
  return seen;
};
const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="${component}" renderer-url="/_astro/client.js" client="${client}" opts="{}">`;

describe('prefetch lists of client:onevent islands', () => {
  it('list what the island needs beyond what the page loads by itself', () => {
    const html = `<body>${island('afterpaint', '/_astro/Header.js')}</astro-island>${island('onevent', '/_astro/CartDrawer.js')}</astro-island></body>`;
    const { html: out, islands } = withPrefetchLists(html, closure);
    expect(islands).toBe(1);
    expect(out).toContain(`client="onevent" opts="{}" prefetch="/_astro/CartDrawer.js /_astro/cart-page.js /_astro/toast.js">`);
    expect(out).toContain(island('afterpaint', '/_astro/Header.js'));
  });

  it('leaves pages without such islands, and islands listed already, as they are', () => {
    const plain = `<body>${island('visible', '/_astro/Header.js')}</astro-island></body>`;
    expect(withPrefetchLists(plain, closure)).toEqual({ html: plain, islands: 0 });
    const once = withPrefetchLists(`<body>${island('onevent', '/_astro/CartDrawer.js')}</astro-island></body>`, closure).html;
    expect(withPrefetchLists(once, closure)).toEqual({ html: once, islands: 0 });
  });
});

describe('stylesheets an island names by URL', () => {
  it('are found in its code once each, except those the page has', () => {
    const code = [
      'var k=`/_astro/cart-drawer.B1x_2.css`;function f(){return import("./x.js")}',
      "let b='/_astro/cart-drawer.B1x_2.css',c='/_astro/toast.Q9.css',d='/_astro/page.A1.css';",
    ];
    expect(stylesheetsNamedIn(code, new Set(['/_astro/page.A1.css']))).toEqual(['/_astro/cart-drawer.B1x_2.css', '/_astro/toast.Q9.css']);
    expect(stylesheetsNamedIn(['const s="/_astro/x.js"'])).toEqual([]);
  });
});
