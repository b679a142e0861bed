import type { IconDef } from '../icon-paths';

export const closeIcon: IconDef = { stroke: ['M6 6l12 12', 'M18 6 6 18'] };
