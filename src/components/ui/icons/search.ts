import type { IconDef } from '../icon-paths';

export const searchIcon: IconDef = { stroke: ['M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z', 'm20.5 20.5-5-5'] };
