import type { IconDef } from '../icon-paths';

export const heartIcon: IconDef = {
  stroke: ['M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z'],
};
