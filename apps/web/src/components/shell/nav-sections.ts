import type { AppKey } from '@fleetgate/contracts';
import {
  featureAppInstalled,
  featurePermitted,
  menuSections,
  type Feature,
  type MenuSection,
} from '../../app/feature.ts';

export type NavItem = { id: string; path: string } & NonNullable<Feature['menu']>;
export type NavSection = { section: MenuSection; items: NavItem[] };

/**
 * The menu for a user: registry entries with a menu link whose capability the user holds and
 * whose app (if any) the company has installed, grouped by section in the fixed section order.
 * Empty sections are left out.
 */
export function buildNavSections(
  features: readonly Feature[],
  capabilities: readonly string[],
  installedApps: readonly AppKey[] | undefined = [],
): NavSection[] {
  const visible = features.flatMap((feature) =>
    feature.menu && featurePermitted(feature, capabilities) && featureAppInstalled(feature, installedApps)
      ? [{ id: feature.id, path: feature.path, ...feature.menu }]
      : [],
  );
  return menuSections
    .map((section) => ({ section, items: visible.filter((item) => item.section === section) }))
    .filter((group) => group.items.length > 0);
}

/** Whether `pathname` is `link` itself or a screen below it (`/groups/type/x` is under `/groups`). */
export function isPathUnder(pathname: string, link: string): boolean {
  if (link === '/') return pathname === '/';
  return pathname === link || pathname.startsWith(`${link}/`);
}

/** The sections holding a link the current URL starts with: these expand by themselves. */
export function sectionsOfPath(sections: readonly NavSection[], pathname: string): MenuSection[] {
  return sections
    .filter((group) => group.items.some((item) => isPathUnder(pathname, item.path)))
    .map((group) => group.section);
}

/**
 * Whether a menu item's children show: as the user last toggled them on this URL, otherwise
 * while the URL starts with the item's link (console spec), so they collapse elsewhere.
 */
export function isItemExpanded(
  item: Pick<NavItem, 'id' | 'path'>,
  pathname: string,
  toggles: ReadonlyMap<string, boolean>,
): boolean {
  return toggles.get(item.id) ?? isPathUnder(pathname, item.path);
}
