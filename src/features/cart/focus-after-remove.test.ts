import { describe, expect, it } from 'vitest';
import { focusAfterRemove } from './focus-after-remove';

describe('focusAfterRemove', () => {
  const items = ['a', 'b', 'c'];

  it('moves to the next item', () => {
    expect(focusAfterRemove(items, 0)).toBe('b');
    expect(focusAfterRemove(items, 1)).toBe('c');
  });

  it('moves to the previous item when the last one goes', () => {
    expect(focusAfterRemove(items, 2)).toBe('b');
  });

  it('has nowhere to go when the only item goes', () => {
    expect(focusAfterRemove(['a'], 0)).toBeUndefined();
  });

  it('has nowhere to go for an item not in the list', () => {
    expect(focusAfterRemove(items, -1)).toBeUndefined();
  });
});
