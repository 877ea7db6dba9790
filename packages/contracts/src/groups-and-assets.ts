import { z } from 'zod';
import { limits } from './limits.ts';

/** Stable error messages of groups, group types, assets and asset types; the web app translates them. */
export const groupsAndAssetsErrors = {
  cannotDeleteGroupType: 'CANNOT_DELETE_GROUP_TYPE',
  cannotDeleteLastGroupType: 'CANNOT_DELETE_LAST_GROUP_TYPE',
  cannotDeleteAssetType: 'CANNOT_DELETE_ASSET_TYPE',
  cannotDeleteLastAssetType: 'CANNOT_DELETE_LAST_ASSET_TYPE',
  groupHasSubgroups: 'GROUP_HAS_SUBGROUPS',
  groupParentCycle: 'GROUP_PARENT_CYCLE',
} as const;

/**
 * A type name may be a translation key instead of text, e.g. `groups.typeNames.site`: lower-case
 * first letter, then dot-separated segments of letters and digits, at least two segments, no spaces.
 * The web app shows the translated text and does not let users edit such a name.
 */
export const translationKeyPattern = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;

/** A type named by a translation key keeps that name: renaming it is refused with this message. */
export const translatedNameCannotChange = 'TRANSLATED_NAME_CANNOT_CHANGE';

export function isTranslationKey(name: string): boolean {
  return translationKeyPattern.test(name);
}

/** Colours are `#rrggbb`; they are stored in lower case. */
export const colorPattern = /^#[0-9a-fA-F]{6}$/;

/** Distinct, readable colours for things created without one. */
export const generatedColors = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#3949ab',
  '#c0ca33',
  '#d81b60',
  '#6d4c41',
  '#00acc1',
  '#546e7a',
] as const;

/** The same seed (a publicId) always gives the same colour. */
export function generatedColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return generatedColors[Math.abs(hash) % generatedColors.length]!;
}

const publicIdSchema = z.string().regex(/^[0-9a-z]{12}$/);
const reference = z.strictObject({ publicId: publicIdSchema });
const name = z.string().trim().min(1).max(limits.nameMaxLength);
const color = z
  .string()
  .regex(colorPattern)
  .transform((value) => value.toLowerCase());
/** Orders are set by the server on create and by reordering (bulk PATCH) afterwards. */
const order = z.number().int().min(0).max(1_000_000_000);

export const groupTypeCreateInput = z.strictObject({ name, color: color.optional() });
export const groupTypePatchInput = z.strictObject({
  name: name.optional(),
  color: color.optional(),
  order: order.optional(),
});

export const assetTypeCreateInput = z.strictObject({ name });
export const assetTypePatchInput = z.strictObject({ name: name.optional(), order: order.optional() });

export const groupCreateInput = z.strictObject({
  name,
  groupType: reference,
  parent: reference.nullable().optional(),
  color: color.optional(),
});
export const groupPatchInput = z.strictObject({
  name: name.optional(),
  groupType: reference.optional(),
  parent: reference.nullable().optional(),
  color: color.optional(),
});

/** `agent`: the agent the asset is reached through; null unlinks it. */
export const assetCreateInput = z.strictObject({
  name,
  assetType: reference,
  agent: reference.nullable().optional(),
});
export const assetPatchInput = z.strictObject({
  name: name.optional(),
  assetType: reference.optional(),
  agent: reference.nullable().optional(),
});

export type GroupType = { publicId: string; name: string; color: string; order: number };
export type AssetType = { publicId: string; name: string; order: number };
export type NamedReference = { publicId: string; name: string };
export type Group = {
  publicId: string;
  name: string;
  color: string;
  groupType: NamedReference;
  parent: NamedReference | null;
};
export type Asset = {
  publicId: string;
  name: string;
  assetType: NamedReference;
  agent: NamedReference | null;
};
