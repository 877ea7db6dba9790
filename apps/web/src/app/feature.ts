import type { ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ParseKeys } from 'i18next';
import type { AppKey, Capability } from '@fleetgate/contracts';

export const menuSections = ['REMOTE_ACCESS', 'USER_MANAGEMENT', 'COMPANY', 'DEVICE_SETTINGS'] as const;
export type MenuSection = (typeof menuSections)[number];

/**
 * One entry of the feature registry: the route, its optional menu link, and the capability
 * that gates both. Adding a screen means adding one of these to `features.tsx`.
 */
export type Feature = {
  id: string;
  /** Absolute path inside the shell, e.g. `/roles` or `/groups/type/:publicId`. */
  path: string;
  element: ReactNode;
  capability?: Capability;
  /** Instead of `capability`: the screen is open to users holding any one of these. */
  anyCapability?: readonly Capability[];
  /** The app (`/apps`) the screen belongs to: closed, and out of the menu, while the company has not installed it. */
  app?: AppKey;
  menu?: {
    section: MenuSection;
    labelKey: ParseKeys;
    icon: SvgIconComponent;
    /**
     * What the menu item holds below itself (group types under Groups). It expands by itself
     * while the URL starts with the item's link, and collapses elsewhere.
     */
    children?: ReactNode;
  };
  /** A right side menu for this route; the right drawer shows only when the route has one. */
  rightMenu?: ReactNode;
  /** What the top-bar search filters on this route; no search input without it. */
  searchScope?: string;
};

/** Whether a user with `capabilities` may open `feature` (and see its menu link). */
export function featurePermitted(
  feature: Pick<Feature, 'capability' | 'anyCapability'>,
  capabilities: readonly string[],
): boolean {
  if (feature.capability !== undefined && !capabilities.includes(feature.capability)) return false;
  return feature.anyCapability === undefined || feature.anyCapability.some((c) => capabilities.includes(c));
}

/**
 * Whether the company has installed the app a feature belongs to: features of no app always are;
 * while the company's apps are unknown (`undefined`, still loading), an app's features are not.
 */
export function featureAppInstalled(
  feature: Pick<Feature, 'app'>,
  installedApps: readonly AppKey[] | undefined,
): boolean {
  return feature.app === undefined || (installedApps?.includes(feature.app) ?? false);
}
