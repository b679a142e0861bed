import type { IconDef } from '../icon-paths';

export const facebookIcon: IconDef = {
  stroke: ['M14.5 8.5H13a1.5 1.5 0 0 0-1.5 1.5v11', 'M9 13.5h5', 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z'],
};
