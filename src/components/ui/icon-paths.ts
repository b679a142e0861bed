/**
 * Path data of the shop's line icons (24×24, 1.6 px stroke), shared by Icon.astro (static pages)
 * and Icon.tsx (islands) so both draw identical glyphs without an icon font or sprite request.
 * Each glyph is its own module in ./icons, which islands import directly: a bundle then carries the
 * glyphs its islands draw and no others (a module is bundled whole, with every export some page uses).
 */
import { searchIcon } from './icons/search';
import { menuIcon } from './icons/menu';
import { closeIcon } from './icons/close';
import { chevronDownIcon } from './icons/chevron-down';
import { chevronRightIcon } from './icons/chevron-right';
import { arrowRightIcon } from './icons/arrow-right';
import { heartIcon } from './icons/heart';
import { bagIcon } from './icons/bag';
import { userIcon } from './icons/user';
import { facebookIcon } from './icons/facebook';
import { instagramIcon } from './icons/instagram';
import { returnIcon } from './icons/return';
import { truckIcon } from './icons/truck';
import { tagIcon } from './icons/tag';
import { gemIcon } from './icons/gem';
import { cashIcon } from './icons/cash';
import { starIcon } from './icons/star';
import { mailIcon } from './icons/mail';
import { phoneIcon } from './icons/phone';
import { pinIcon } from './icons/pin';
import { playIcon } from './icons/play';
import { pauseIcon } from './icons/pause';
import { shieldIcon } from './icons/shield';
import { clockIcon } from './icons/clock';
import { checkIcon } from './icons/check';

/** Every icon name the shop uses. */
export type IconName =
  | 'search'
  | 'menu'
  | 'close'
  | 'chevron-down'
  | 'chevron-right'
  | 'arrow-right'
  | 'heart'
  | 'bag'
  | 'user'
  | 'facebook'
  | 'instagram'
  | 'return'
  | 'truck'
  | 'tag'
  | 'gem'
  | 'cash'
  | 'star'
  | 'mail'
  | 'phone'
  | 'pin'
  | 'play'
  | 'pause'
  | 'shield'
  | 'clock'
  | 'check';

/** One icon: its stroked paths, and optionally paths that are filled instead. */
export interface IconDef {
  stroke?: string[];
  fill?: string[];
}

/** Every glyph by name, for Icon.astro (rendered at build time, so its size costs nothing in the browser). */
export const ICONS: Record<IconName, IconDef> = {
  search: searchIcon,
  menu: menuIcon,
  close: closeIcon,
  'chevron-down': chevronDownIcon,
  'chevron-right': chevronRightIcon,
  'arrow-right': arrowRightIcon,
  heart: heartIcon,
  bag: bagIcon,
  user: userIcon,
  facebook: facebookIcon,
  instagram: instagramIcon,
  return: returnIcon,
  truck: truckIcon,
  tag: tagIcon,
  gem: gemIcon,
  cash: cashIcon,
  star: starIcon,
  mail: mailIcon,
  phone: phoneIcon,
  pin: pinIcon,
  play: playIcon,
  pause: pauseIcon,
  shield: shieldIcon,
  clock: clockIcon,
  check: checkIcon,
};
