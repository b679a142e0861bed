import { describe, expect, it } from 'vitest';
import { withoutMissingStylesheets } from './inlined-css-preloads';

const chunk = (list: string[], calls: string) =>
  `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(list)})))=>i.map(i=>d[i]);${calls}`;

describe('dropping preloads of inlined stylesheets', () => {
  it('takes out the stylesheets that were not written and renumbers every import', () => {
    const code = chunk(
      ['_astro/shell.css', '_astro/drawer.js', '_astro/glightbox.css'],
      'a(()=>import(`./x.js`),__vite__mapDeps([0,1]));b(()=>import(`./y.js`),__vite__mapDeps([2,1]));c(__vite__mapDeps([0]))',
    );
    const written = new Set(['_astro/drawer.js', '_astro/glightbox.css']);
    expect(withoutMissingStylesheets(code, (p) => written.has(p))).toBe(
      chunk(
        ['_astro/drawer.js', '_astro/glightbox.css'],
        'a(()=>import(`./x.js`),__vite__mapDeps([0]));b(()=>import(`./y.js`),__vite__mapDeps([1,0]));c(__vite__mapDeps([]))',
      ),
    );
  });

  it('leaves code alone when every listed file exists, or when it has no list', () => {
    const code = chunk(['_astro/glightbox.css'], 'a(__vite__mapDeps([0]))');
    expect(withoutMissingStylesheets(code, () => true)).toBe(code);
    expect(withoutMissingStylesheets('export const x = 1;', () => false)).toBe('export const x = 1;');
  });

  it('never drops a script from the list, even one it cannot see', () => {
    const code = chunk(['_astro/a.js'], 'a(__vite__mapDeps([0]))');
    expect(withoutMissingStylesheets(code, () => false)).toBe(code);
  });
});
