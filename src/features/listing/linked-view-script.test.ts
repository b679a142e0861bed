import { describe, expect, it } from 'vitest';
import { isDefaultState, queryToState } from './filters';
import { LINKED_VIEW_ATTRIBUTE } from './linked-view';
import { LINKED_VIEW_HEAD_SCRIPT, LINKED_VIEW_QUERY } from './linked-view-script';

/** Runs the head script for an address's query; whether it marked <html>. */
function marks(search: string): boolean {
  const attrs = new Set<string>();
  const documentElement = { setAttribute: (name: string) => attrs.add(name) };
  new Function('location', 'document', LINKED_VIEW_HEAD_SCRIPT)({ search }, { documentElement });
  return attrs.has(LINKED_VIEW_ATTRIBUTE);
}

describe('the linked-view head script', () => {
  const linked = [
    '?sort=price-asc',
    '?sort=price-desc',
    '?utm_source=wa&sort=price-desc',
    '?min=500',
    '?max=5000',
    '?instock=1',
    '?tags=gift,minimal',
    '?attr.Plating=Rhodium',
    '?field.Weight=3-5',
    '?size.Ring%20size=12',
    '?sort=latest&tags=gift',
  ];
  const plain = ['', '?', '?sort=latest', '?utm_source=wa', '?utm_source=wa&ref=home', '?instock=0', '?mysort=price-asc'];

  it('marks exactly the addresses whose view the island would change', () => {
    for (const search of linked) {
      expect(marks(search), search).toBe(true);
      expect(isDefaultState(queryToState(search)), search).toBe(false);
    }
    for (const search of plain) {
      expect(marks(search), search).toBe(false);
      expect(isDefaultState(queryToState(search)), search).toBe(true);
    }
  });

  it('is the same pattern the module exports, and leaves the page alone when reading the address fails', () => {
    expect(LINKED_VIEW_HEAD_SCRIPT).toContain(String(LINKED_VIEW_QUERY));
    expect(() => new Function('location', 'document', LINKED_VIEW_HEAD_SCRIPT)(null, {})).not.toThrow();
  });
});
