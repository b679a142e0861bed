import { describe, expect, it } from 'vitest';
import { VIEW_PENDING_ATTRIBUTE } from '@shared/view-pending';
import { isDefaultState, queryToState, SORT_OPTIONS, stateToQuery, DEFAULT_STATE } from './filters';
import { LINKED_VIEW_HEAD_SCRIPT } from './linked-view-script';

/** Runs the head script for an address's query; whether it marked <html>. */
function marks(search: string): boolean {
  const attrs = new Set<string>();
  const documentElement = { setAttribute: (name: string) => attrs.add(name) };
  new Function('location', 'document', LINKED_VIEW_HEAD_SCRIPT)({ search }, { documentElement });
  return attrs.has(VIEW_PENDING_ATTRIBUTE);
}

describe('the linked-view head script', () => {
  it('marks every address whose view the island changes, as the listing writes them', () => {
    const linked = [
      ...SORT_OPTIONS.filter((o) => o.value !== DEFAULT_STATE.sort).map((o) => stateToQuery({ ...DEFAULT_STATE, sort: o.value })),
      stateToQuery({ ...DEFAULT_STATE, min: 500 }),
      stateToQuery({ ...DEFAULT_STATE, max: 5000 }),
      stateToQuery({ ...DEFAULT_STATE, inStock: true }),
      stateToQuery({ ...DEFAULT_STATE, tags: ['gift', 'minimal'] }),
      stateToQuery({ ...DEFAULT_STATE, attributes: { Plating: ['Rhodium'] } }),
      stateToQuery({ ...DEFAULT_STATE, dynamicFields: { Weight: ['3-5'] } }),
      stateToQuery({ ...DEFAULT_STATE, sizes: { 'Ring size': ['12'] } }),
      '?utm_source=wa&sort=price-desc',
      '?sort=latest&tags=gift',
    ];
    expect(linked).toHaveLength(SORT_OPTIONS.length - 1 + 9);
    for (const search of linked) {
      expect(isDefaultState(queryToState(search)), search).toBe(false);
      expect(marks(search), search).toBe(true);
    }
  });

  it('leaves the static cards alone where the address asks for the default view', () => {
    const plain = ['', '?', '?sort=latest', '?sort=', '?sort=bogus', '?sort=price-ascending', '?utm_source=wa&ref=home'];
    const emptyFilters = ['?instock=0', '?instock=10', '?tags=', '?min=', '?attr.=x', '?mysort=price-asc', '?xmin=500'];
    for (const search of [...plain, ...emptyFilters]) {
      expect(isDefaultState(queryToState(search)), search).toBe(true);
      expect(marks(search), search).toBe(false);
    }
  });

  it('leaves the page as it is when the address cannot be read', () => {
    expect(() => new Function('location', 'document', LINKED_VIEW_HEAD_SCRIPT)(null, {})).not.toThrow();
  });
});
