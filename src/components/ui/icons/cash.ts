import type { IconDef } from '../icon-paths';

export const cashIcon: IconDef = {
  stroke: ['M2.5 6.5h19v11h-19z', 'M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z', 'M5.5 9.5v5', 'M18.5 9.5v5'],
};
