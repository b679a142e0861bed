import type { IconDef } from '../icon-paths';

export const userIcon: IconDef = { stroke: ['M12 12.25a3.75 3.75 0 1 0 0-7.5 3.75 3.75 0 0 0 0 7.5Z', 'M4.75 20a7.25 7.25 0 0 1 14.5 0'] };
