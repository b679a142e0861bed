import type { IconDef } from '../icon-paths';

export const tagIcon: IconDef = {
  stroke: ['M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.4 1.4 0 0 1 0 2l-6.7 6.7a1.4 1.4 0 0 1-2 0Z', 'M8 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'],
};
