import type { IconDef } from '../icon-paths';

export const bagIcon: IconDef = { stroke: ['M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Z', 'M9 10V6.5a3 3 0 0 1 6 0V10'] };
