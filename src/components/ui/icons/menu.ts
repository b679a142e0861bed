import type { IconDef } from '../icon-paths';

export const menuIcon: IconDef = { stroke: ['M3.5 6.5h17', 'M3.5 12h17', 'M3.5 17.5h11'] };
