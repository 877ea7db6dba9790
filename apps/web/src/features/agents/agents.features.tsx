import type { Feature } from '../../app/feature.ts';

export const agentsFeatures: Feature[] = [];
