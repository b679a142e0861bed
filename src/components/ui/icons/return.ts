import type { IconDef } from '../icon-paths';

export const returnIcon: IconDef = { stroke: ['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'] };
