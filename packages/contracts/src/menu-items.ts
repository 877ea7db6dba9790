import { z } from 'zod';
import { companyCustomUrlMaxLength } from './http-url.ts';
import { limits } from './limits.ts';
import { translationKeyRegex, translationLimits } from './translations.ts';

/** The icons a menu item may show (Material icon names the web app maps to components). */
export const menuItemIcons = [
  'link',
  'home',
  'help',
  'info',
  'book',
  'description',
  'school',
  'support',
  'build',
  'dashboard',
  'cloud',
  'store',
  'mail',
  'phone',
  'public',
  'settings',
] as const;
export type MenuItemIcon = (typeof menuItemIcons)[number];
export const defaultMenuItemIcon: MenuItemIcon = 'link';

/** Items one company may keep: a menu, not a link directory. */
export const menuItemsPerCompanyMax = 100;

/**
 * A company's own link in the portal menu (`MenuItemList`). It shows its `name`, or the text of
 * its `translationKey` in the reader's language; exactly one of the two is set. Members see the
 * items without an access category and those of their own.
 */
export type MenuItem = {
  publicId: string;
  name: string | null;
  translationKey: string | null;
  url: string;
  icon: MenuItemIcon;
  order: number;
  audience: { publicId: string; name: string } | null;
};

const publicIdRef = z.strictObject({ publicId: z.string().regex(/^[0-9a-z]{12}$/) });
// A string first, so a missing value reads "Required property" rather than "Invalid value".
const icon = z.string().pipe(z.enum(menuItemIcons));

const editable = {
  name: z.string().trim().min(1).max(limits.nameMaxLength).nullable(),
  translationKey: z
    .string()
    .trim()
    .min(1)
    .max(translationLimits.keyMaxLength)
    .regex(translationKeyRegex)
    .nullable(),
  // Checked further (https, no credentials) by `httpsLinkProblem`, with messages of its own.
  url: z.string().trim().min(1).max(companyCustomUrlMaxLength),
  icon,
  order: z.number().int().min(0).max(2_000_000_000),
  audience: publicIdRef.nullable(),
};

/**
 * `POST MenuItemList` (a list): the icon defaults to `link`, the order to the highest + 1000
 * (0 for the first), the access category to none (every member).
 */
export const menuItemCreateInput = z.strictObject({
  name: editable.name.optional(),
  translationKey: editable.translationKey.optional(),
  url: editable.url,
  icon: icon.default(defaultMenuItemIcon),
  order: editable.order.optional(),
  audience: editable.audience.optional(),
});
export type MenuItemCreateInput = z.input<typeof menuItemCreateInput>;

/** `PATCH MenuItemList` (a list of `{publicId, …}`): `null` clears name, translationKey or audience. */
export const menuItemPatchInput = z.strictObject({
  name: editable.name.optional(),
  translationKey: editable.translationKey.optional(),
  url: editable.url.optional(),
  icon: icon.optional(),
  order: editable.order.optional(),
  audience: editable.audience.optional(),
});
export type MenuItemPatchInput = z.input<typeof menuItemPatchInput>;

/** Stable messages of the menu item API; the web app translates them. */
export const menuItemErrorMessages = {
  /** Both a name and a translation key: the item shows one of them. */
  nameOrKey: 'Give a name or a translation key, not both',
  tooMany: `A company can have at most ${menuItemsPerCompanyMax} menu items`,
} as const;
