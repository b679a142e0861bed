import type { IconDef } from '../icon-paths';

export const playIcon: IconDef = { fill: ['M8 5.5v13l10.5-6.5Z'] };
