import type { IconDef } from '../icon-paths';

export const pauseIcon: IconDef = { fill: ['M7 5h3.5v14H7z', 'M13.5 5H17v14h-3.5z'] };
