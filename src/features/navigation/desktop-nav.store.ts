/**
 * The desktop navigation's state: which dropdown is open. Apart from navigation.store.ts, which the
 * mobile menu in every page's first load uses, because DesktopNav only hydrates from 992 px.
 */
import { atom } from 'nanostores';

/** The open desktop dropdown's category id, or null. */
export const $openDropdown = atom<string | null>(null);

/** Opens one desktop dropdown (closing any other), or closes it if it is the open one. */
export function toggleDropdown(categoryId: string): void {
  $openDropdown.set($openDropdown.get() === categoryId ? null : categoryId);
}

/** Sets which desktop dropdown is open (null: none). */
export function setOpenDropdown(categoryId: string | null): void {
  $openDropdown.set(categoryId);
}
