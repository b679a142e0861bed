import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { $categorySubcategories, $expandedCategories, toggleCategory, toSubcategoryLinks } from './navigation.store';
import { $mobileMenuOpen, closeMobileMenu, openMobileMenu } from './mobile-menu.store';
import { $openDropdown, toggleDropdown } from './desktop-nav.store';

const CATEGORY = 'aaaaaaaaaaaaaaaaaaaaaaaa';

function answer(body: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  $expandedCategories.set(new Set());
  $categorySubcategories.set({});
  $openDropdown.set(null);
  cleanStores($mobileMenuOpen, $expandedCategories, $categorySubcategories, $openDropdown);
});

describe('mobile menu', () => {
  it('opens and closes', () => {
    keepMount($mobileMenuOpen);
    openMobileMenu();
    expect($mobileMenuOpen.get()).toBe(true);
    closeMobileMenu();
    expect($mobileMenuOpen.get()).toBe(false);
  });

  it('fetches a category’s subcategories on the first opening only, then reuses them', async () => {
    const fetchImpl = answer({
      success: true,
      subCategories: [
        { _id: 'b1', name: 'Jhumkas', slug: 'jhumkas' },
        { _id: 'b2', name: 'Studs', slug: '' },
      ],
    });
    toggleCategory(CATEGORY, fetchImpl);
    expect($categorySubcategories.get()[CATEGORY]).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect($categorySubcategories.get()[CATEGORY]?.status).toBe('loaded'));
    expect($categorySubcategories.get()[CATEGORY]).toEqual({
      status: 'loaded',
      links: [
        { id: 'b1', name: 'Jhumkas', href: '/collections/jhumkas' },
        { id: 'b2', name: 'Studs', href: '/collections/b2' },
      ],
    });
    toggleCategory(CATEGORY, fetchImpl); // collapse
    toggleCategory(CATEGORY, fetchImpl); // expand again
    expect($expandedCategories.get().has(CATEGORY)).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(`/api/get_category_details/${CATEGORY}`, expect.anything());
  });

  it('shows nothing after a failed fetch and tries again on the next opening', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = answer({ success: false, message: 'Database unavailable' }, 503);
    toggleCategory(CATEGORY, failing);
    await vi.waitFor(() => expect($categorySubcategories.get()[CATEGORY]).toEqual({ status: 'failed' }));
    expect(warn).toHaveBeenCalled();
    toggleCategory(CATEGORY, failing);
    const working = answer({ success: true, subCategories: [] });
    toggleCategory(CATEGORY, working);
    await vi.waitFor(() => expect($categorySubcategories.get()[CATEGORY]).toEqual({ status: 'loaded', links: [] }));
    expect(working).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed entries in the answer', () => {
    expect(toSubcategoryLinks({ subCategories: [{ name: 'No id' }, null, { _id: 'x', name: 'Ok', slug: 'ok' }] })).toEqual([
      { id: 'x', name: 'Ok', href: '/collections/ok' },
    ]);
    expect(toSubcategoryLinks(null)).toEqual([]);
  });
});

describe('desktop dropdowns', () => {
  it('keeps one open at a time and closes the open one when toggled again', () => {
    toggleDropdown('a');
    expect($openDropdown.get()).toBe('a');
    toggleDropdown('b');
    expect($openDropdown.get()).toBe('b');
    toggleDropdown('b');
    expect($openDropdown.get()).toBeNull();
  });
});
