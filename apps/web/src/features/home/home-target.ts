import type { Feature } from '../../app/feature.ts';

/** Home leads to the first of these the user may open (console spec §2, "Home redirect"). */
export const homeOrder = [
  '/users',
  '/groups',
  '/roles',
  '/identity',
  '/translations',
  '/usage',
  '/audit-trail',
  '/licenses',
  '/apps',
] as const;

/**
 * The first entry of `homeOrder` that the registry offers and the user's capabilities
 * allow, or null when there is none (the user then sees "Not allowed" at `/`).
 */
export function homeTarget(features: readonly Feature[], capabilities: readonly string[]): string | null {
  for (const path of homeOrder) {
    const feature = features.find((candidate) => candidate.path === path);
    if (feature && (feature.capability === undefined || capabilities.includes(feature.capability)))
      return path;
  }
  return null;
}
