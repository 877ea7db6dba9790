import type { Capability } from '@fleetgate/contracts';

/**
 * The right that opens the asset pages (and so their drawer). The catalogue has no separate
 * assets right: assets are managed by those who manage their types.
 */
export const assetsCapability: Capability = 'assetTypes.manage';
