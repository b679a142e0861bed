import type { IconDef } from '../icon-paths';

export const chevronRightIcon: IconDef = { stroke: ['m9 6 6 6-6 6'] };
