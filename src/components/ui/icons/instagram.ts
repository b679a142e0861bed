import type { IconDef } from '../icon-paths';

export const instagramIcon: IconDef = {
  stroke: [
    'M16.5 3.5h-9a4 4 0 0 0-4 4v9a4 4 0 0 0 4 4h9a4 4 0 0 0 4-4v-9a4 4 0 0 0-4-4Z',
    'M12 15.75a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z',
  ],
  fill: ['M17.2 7.8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
};
