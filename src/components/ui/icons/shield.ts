import type { IconDef } from '../icon-paths';

export const shieldIcon: IconDef = {
  stroke: ['M12 3 4.5 6v5.5c0 4.6 3.2 8.1 7.5 9.5 4.3-1.4 7.5-4.9 7.5-9.5V6Z', 'm8.8 12 2.2 2.2 4.4-4.4'],
};
