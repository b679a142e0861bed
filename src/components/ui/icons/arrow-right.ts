import type { IconDef } from '../icon-paths';

export const arrowRightIcon: IconDef = { stroke: ['M4 12h15', 'm13 6 6 6-6 6'] };
