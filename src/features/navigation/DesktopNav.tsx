/**
 * Desktop navigation (992px and up): Home, one dropdown per category with its listing ('All Rings',
 * given first among the links by the header) and its subcategories, Contact Us. Each dropdown is a <details>, so the menu still opens on pages that
 * ship no JS (policies render this component without hydrating it). Hydrated, it adds what shoppers
 * and keyboard users need: one dropdown at a time, a click outside closes, Escape closes and
 * returns focus, arrow keys move through the links, and mouse hover opens.
 */
import { useEffect, useRef } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent, SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Icon } from '../../components/ui/Icon';
import { chevronDownIcon } from '../../components/ui/icons/chevron-down';
import { cdnImage } from '@shared/images';
import { $openDropdown, setOpenDropdown } from './desktop-nav.store';
import type { NavCategory } from './navigation.store';
import { routes } from '@shared/routes';
import './desktop-nav.css';

/** Props of DesktopNav: the categories with their subcategory links, and the current path for aria-current. */
export interface DesktopNavProps {
  categories: NavCategory[];
  currentPath?: string;
}

/** Hover opens a dropdown after this delay, so sweeping the pointer across the bar does not flash menus. */
const HOVER_OPEN_MS = 90;
/** And closes it after this one, so a diagonal move into the panel does not lose it. */
const HOVER_CLOSE_MS = 220;

function DesktopNavInner({ categories, currentPath = '' }: DesktopNavProps) {
  const openId = useStore($openDropdown);
  const navRef = useRef<HTMLElement>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  const openedByHoverAt = useRef(0);

  // A click outside the open dropdown closes it.
  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      const openDetails = navRef.current?.querySelector('details[open]');
      if (openDetails && !openDetails.contains(event.target as Node)) setOpenDropdown(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const summaryOf = (id: string) => navRef.current?.querySelector<HTMLElement>(`[data-dropdown="${id}"] > summary`);
  const linksOf = (id: string) => [...(navRef.current?.querySelectorAll<HTMLAnchorElement>(`[data-dropdown="${id}"] a`) ?? [])];

  const onToggle = (id: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    if (isOpen && $openDropdown.get() !== id) setOpenDropdown(id);
    if (!isOpen && $openDropdown.get() === id) setOpenDropdown(null);
  };

  const onSummaryClick = (id: string) => (event: MouseEvent<HTMLElement>) => {
    // A click that lands just after hover opened the menu should not immediately close it again.
    if (openId === id && Date.now() - openedByHoverAt.current < 500) event.preventDefault();
  };

  const onPointerEnter = (id: string) => (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => {
      if ($openDropdown.get() !== id) {
        openedByHoverAt.current = Date.now();
        setOpenDropdown(id);
      }
    }, HOVER_OPEN_MS);
  };

  const onPointerLeave = (id: string) => (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => {
      // Keep it open if keyboard focus is inside (the shopper may be tabbing through it).
      const details = navRef.current?.querySelector(`[data-dropdown="${id}"]`);
      if ($openDropdown.get() === id && !details?.contains(document.activeElement)) setOpenDropdown(null);
    }, HOVER_CLOSE_MS);
  };

  const onKeyDown = (id: string) => (event: KeyboardEvent<HTMLDetailsElement>) => {
    const links = linksOf(id);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const onSummary = document.activeElement === summaryOf(id);
    switch (event.key) {
      case 'Escape':
        if (openId === id) {
          event.preventDefault();
          setOpenDropdown(null);
          summaryOf(id)?.focus();
        }
        break;
      case 'ArrowDown':
        event.preventDefault();
        if (onSummary) {
          setOpenDropdown(id);
          // The links become focusable once the details is open, after React commits.
          requestAnimationFrame(() => linksOf(id)[0]?.focus());
        } else if (index >= 0) {
          links[(index + 1) % links.length]?.focus();
        }
        break;
      case 'ArrowUp':
        if (index >= 0) {
          event.preventDefault();
          if (index === 0) summaryOf(id)?.focus();
          else links[index - 1]?.focus();
        }
        break;
      case 'Home':
        if (index >= 0) {
          event.preventDefault();
          links[0]?.focus();
        }
        break;
      case 'End':
        if (index >= 0) {
          event.preventDefault();
          links[links.length - 1]?.focus();
        }
        break;
    }
  };

  const onBlur = (id: string) => (event: FocusEvent<HTMLDetailsElement>) => {
    // Tabbing out of a dropdown closes it, so a hidden panel never keeps focusable links open.
    if (openId === id && !event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget) {
      setOpenDropdown(null);
    }
  };

  return (
    <nav ref={navRef} className="desktop-nav" aria-label="Main">
      <ul className="desktop-nav__list" role="list">
        <li>
          <a className="desktop-nav__item" href={routes.home} aria-current={currentPath === routes.home ? 'page' : undefined}>
            Home
          </a>
        </li>
        {categories.map((category) => {
          const active = category.subCategories.some((s) => s.href === currentPath);
          return (
            <li key={category.id} onPointerEnter={onPointerEnter(category.id)} onPointerLeave={onPointerLeave(category.id)}>
              <details
                className="desktop-nav__dropdown"
                data-dropdown={category.id}
                name="desktop-nav"
                open={openId === category.id}
                onToggle={onToggle(category.id)}
                onKeyDown={onKeyDown(category.id)}
                onBlur={onBlur(category.id)}
              >
                <summary className={active ? 'desktop-nav__item is-active' : 'desktop-nav__item'} onClick={onSummaryClick(category.id)}>
                  {category.name}
                  <Icon icon={chevronDownIcon} size={14} className="desktop-nav__chevron" />
                </summary>
                <div className="desktop-nav__panel">
                  <p className="desktop-nav__panel-title">{category.name}</p>
                  <ul className="desktop-nav__links" role="list">
                    {category.subCategories.map((sub) => (
                      <li key={sub.id}>
                        <a className="desktop-nav__link" href={sub.href} aria-current={sub.href === currentPath ? 'page' : undefined}>
                          {sub.image ? (
                            <img
                              className="desktop-nav__thumb"
                              src={cdnImage(sub.image, 96)}
                              width={40}
                              height={40}
                              alt=""
                              loading="lazy"
                              decoding="async"
                            />
                          ) : (
                            <span className="desktop-nav__thumb" aria-hidden="true" />
                          )}
                          <span>{sub.name}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            </li>
          );
        })}
        <li>
          <a className="desktop-nav__item" href={routes.contact} aria-current={currentPath === routes.contact ? 'page' : undefined}>
            Contact Us
          </a>
        </li>
      </ul>
    </nav>
  );
}

/** The navigation bar inside an error boundary. */
export function DesktopNav(props: DesktopNavProps) {
  return (
    <ErrorBoundary compact>
      <DesktopNavInner {...props} />
    </ErrorBoundary>
  );
}

export default DesktopNav;
