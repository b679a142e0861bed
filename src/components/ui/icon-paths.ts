/**
 * Path data of the shop's line icons (24×24, 1.6 px stroke), shared by Icon.astro (static pages)
 * and Icon.tsx (islands) so both draw identical glyphs without an icon font or sprite request.
 */

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

/*
 * The glyphs, one export each, so an island's bundle carries only the icons it draws (a lookup table
 * would ship all of them to every page). Stroke icons inherit currentColor; fill paths use currentColor too.
 */
export const searchIcon: IconDef = { stroke: ['M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z', 'm20.5 20.5-5-5'] };
export const menuIcon: IconDef = { stroke: ['M3.5 6.5h17', 'M3.5 12h17', 'M3.5 17.5h11'] };
export const closeIcon: IconDef = { stroke: ['M6 6l12 12', 'M18 6 6 18'] };
export const chevronDownIcon: IconDef = { stroke: ['m6 9 6 6 6-6'] };
export const chevronRightIcon: IconDef = { stroke: ['m9 6 6 6-6 6'] };
export const arrowRightIcon: IconDef = { stroke: ['M4 12h15', 'm13 6 6 6-6 6'] };
export const heartIcon: IconDef = {
  stroke: ['M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z'],
};
export const bagIcon: IconDef = { stroke: ['M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z', 'M9 10V6.5a3 3 0 0 1 6 0V10'] };
export const userIcon: IconDef = { stroke: ['M12 12.25a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z', 'M4.75 20a7.25 7.25 0 0 1 14.5 0'] };
export const facebookIcon: IconDef = {
  stroke: ['M14.5 8.5H13a1.5 1.5 0 0 0-1.5 1.5v11', 'M9 13.5h5', 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z'],
};
export const instagramIcon: IconDef = {
  stroke: [
    'M16.5 3.5h-9a4 4 0 0 0-4 4v9a4 4 0 0 0 4 4h9a4 4 0 0 0 4-4v-9a4 4 0 0 0-4-4Z',
    'M12 15.75a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z',
  ],
  fill: ['M17.2 7.8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
};
export const returnIcon: IconDef = { stroke: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'] };
export const truckIcon: IconDef = {
  stroke: [
    'M2.5 6.5h11v9h-11z',
    'M13.5 9.5h4l3 3.2v2.8h-7',
    'M7 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
    'M17 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
  ],
};
export const tagIcon: IconDef = {
  stroke: ['M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.4 1.4 0 0 1 0 2l-6.7 6.7a1.4 1.4 0 0 1-2 0Z', 'M8 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
};
export const gemIcon: IconDef = {
  stroke: ['M6.5 3.5h11l4 5.5-10 11.5L1.5 9Z', 'M1.5 9h20', 'M9 3.5 7.5 9l4 11.5', 'M14 3.5 15.5 9l-4 11.5'],
};
export const cashIcon: IconDef = {
  stroke: ['M2.5 6.5h19v11h-19z', 'M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z', 'M5.5 9.5v5', 'M18.5 9.5v5'],
};
export const starIcon: IconDef = { fill: ['M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9Z'] };
export const mailIcon: IconDef = { stroke: ['M3.5 5.5h17v13h-17z', 'm3.5 6 8.5 7 8.5-7'] };
export const phoneIcon: IconDef = {
  stroke: [
    'M5 3.5h3.2l1.6 4.2-2 1.3a11 11 0 0 0 5.2 5.2l1.3-2 4.2 1.6V17a2.5 2.5 0 0 1-2.5 2.5A15.5 15.5 0 0 1 2.5 6 2.5 2.5 0 0 1 5 3.5Z',
  ],
};
export const pinIcon: IconDef = {
  stroke: ['M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z', 'M12 12.2a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4Z'],
};
export const playIcon: IconDef = { fill: ['M8 5.5v13l10.5-6.5Z'] };
export const pauseIcon: IconDef = { fill: ['M7 5h3.5v14H7z', 'M13.5 5H17v14h-3.5z'] };
export const shieldIcon: IconDef = {
  stroke: ['M12 3 4.5 6v5.5c0 4.6 3.2 8.1 7.5 9.5 4.3-1.4 7.5-4.9 7.5-9.5V6Z', 'm8.8 12 2.2 2.2 4.4-4.4'],
};
export const clockIcon: IconDef = { stroke: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'] };
export const checkIcon: IconDef = { stroke: ['M5 12.5 10 17.5 19 7'] };

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
