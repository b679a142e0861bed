import type { IconDef } from '../icon-paths';

export const chevronDownIcon: IconDef = { stroke: ['m6 9 6 6 6-6'] };
