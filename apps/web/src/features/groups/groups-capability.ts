import type { Capability } from '@fleetgate/contracts';

/** The right that opens the group pages (and so their drawer). */
export const groupsCapability: Capability = 'groups.manage';
