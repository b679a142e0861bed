import type { IconDef } from '../icon-paths';

export const gemIcon: IconDef = {
  stroke: ['M6.5 3.5h11l4 5.5-10 11.5L1.5 9Z', 'M1.5 9h20', 'M9 3.5 7.5 9l4 11.5', 'M14 3.5 15.5 9l-4 11.5'],
};
