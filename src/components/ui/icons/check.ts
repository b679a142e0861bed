import type { IconDef } from '../icon-paths';

export const checkIcon: IconDef = { stroke: ['M5 12.5 10 17.5 19 7'] };
