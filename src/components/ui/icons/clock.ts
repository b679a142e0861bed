import type { IconDef } from '../icon-paths';

export const clockIcon: IconDef = { stroke: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'] };
