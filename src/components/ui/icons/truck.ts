import type { IconDef } from '../icon-paths';

export const truckIcon: IconDef = {
  stroke: [
    'M2.5 6.5h11v9h-11z',
    'M13.5 9.5h4l3 3.2v2.8h-7',
    'M7 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
    'M17 18.5a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6Z',
  ],
};
