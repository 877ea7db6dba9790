import type { Feature } from '../../app/feature.ts';

// Filled by the feature's own work.
export const usersFeatures: Feature[] = [];
