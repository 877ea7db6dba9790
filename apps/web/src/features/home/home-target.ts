import { featurePermitted, type Feature } from '../../app/feature.ts';

/**
 * Home leads to the first of these the user may open: the console screens in the order of the
 * console spec (§2, "Home redirect"), then the portal's devices page, so that users who only reach
 * devices land there instead of on "Not allowed".
 */
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
  '/devices',
] as const;

/**
 * The first entry of `homeOrder` that the registry offers and the user's capabilities
 * allow, or null when there is none (the user then sees "Not allowed" at `/`).
 */
export function homeTarget(features: readonly Feature[], capabilities: readonly string[]): string | null {
  for (const path of homeOrder) {
    const feature = features.find((candidate) => candidate.path === path);
    if (feature && featurePermitted(feature, capabilities)) return path;
  }
  return null;
}
