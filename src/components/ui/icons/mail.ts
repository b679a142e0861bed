import type { IconDef } from '../icon-paths';

export const mailIcon: IconDef = { stroke: ['M3.5 5.5h17v13h-17z', 'm3.5 6 8.5 7 8.5-7'] };
