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

/** The glyphs. Stroke icons inherit currentColor; fill paths use currentColor too. */
export const ICONS: Record<IconName, IconDef> = {
  search: { stroke: ['M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z', 'm20.5 20.5-5-5'] },
  menu: { stroke: ['M3.5 6.5h17', 'M3.5 12h17', 'M3.5 17.5h11'] },
  close: { stroke: ['M6 6l12 12', 'M18 6 6 18'] },
  'chevron-down': { stroke: ['m6 9 6 6 6-6'] },
  'chevron-right': { stroke: ['m9 6 6 6-6 6'] },
  'arrow-right': { stroke: ['M4 12h15', 'm13 6 6 6-6 6'] },
  heart: { stroke: ['M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z'] },
  bag: { stroke: ['M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z', 'M9 10V6.5a3 3 0 0 1 6 0V10'] },
  user: { stroke: ['M12 12.25a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z', 'M4.75 20a7.25 7.25 0 0 1 14.5 0'] },
  facebook: { stroke: ['M14.5 8.5H13a1.5 1.5 0 0 0-1.5 1.5v11', 'M9 13.5h5', 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z'] },
  instagram: {
    stroke: [
      'M16.5 3.5h-9a4 4 0 0 0-4 4v9a4 4 0 0 0 4 4h9a4 4 0 0 0 4-4v-9a4 4 0 0 0-4-4Z',
      'M12 15.75a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z',
    ],
    fill: ['M17.2 7.8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
  },
  return: { stroke: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'] },
  truck: {
    stroke: [
      'M2.5 6.5h11v9h-11z',
      'M13.5 9.5h4l3 3.2v2.8h-7',
      'M7 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
      'M17 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
    ],
  },
  tag: {
    stroke: ['M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.4 1.4 0 0 1 0 2l-6.7 6.7a1.4 1.4 0 0 1-2 0Z', 'M8 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
  },
  gem: { stroke: ['M6.5 3.5h11l4 5.5-10 11.5L1.5 9Z', 'M1.5 9h20', 'M9 3.5 7.5 9l4 11.5', 'M14 3.5 15.5 9l-4 11.5'] },
  cash: { stroke: ['M2.5 6.5h19v11h-19z', 'M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z', 'M5.5 9.5v5', 'M18.5 9.5v5'] },
  star: { fill: ['M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9Z'] },
  mail: { stroke: ['M3.5 5.5h17v13h-17z', 'm3.5 6 8.5 7 8.5-7'] },
  phone: {
    stroke: [
      'M5 3.5h3.2l1.6 4.2-2 1.3a11 11 0 0 0 5.2 5.2l1.3-2 4.2 1.6V17a2.5 2.5 0 0 1-2.5 2.5A15.5 15.5 0 0 1 2.5 6 2.5 2.5 0 0 1 5 3.5Z',
    ],
  },
  pin: { stroke: ['M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z', 'M12 12.2a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4Z'] },
  play: { fill: ['M8 5.5v13l10.5-6.5Z'] },
  pause: { fill: ['M7 5h3.5v14H7z', 'M13.5 5H17v14h-3.5z'] },
  shield: { stroke: ['M12 3 4.5 6v5.5c0 4.6 3.2 8.1 7.5 9.5 4.3-1.4 7.5-4.9 7.5-9.5V6Z', 'm8.8 12 2.2 2.2 4.4-4.4'] },
  clock: { stroke: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'] },
  check: { stroke: ['M5 12.5 10 17.5 19 7'] },
};
