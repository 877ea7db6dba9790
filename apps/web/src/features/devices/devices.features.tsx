import type { Feature } from '../../app/feature.ts';

export const devicesFeatures: Feature[] = [];
