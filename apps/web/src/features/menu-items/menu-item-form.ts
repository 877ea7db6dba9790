import type { TFunction } from 'i18next';
import {
  companyCustomUrlMaxLength,
  httpsLinkProblem,
  limits,
  translationKeyRegex,
  translationLimits,
  type MenuItem,
  type MenuItemIcon,
} from '@fleetgate/contracts';

export type MenuItemFormValues = {
  labelKind: 'name' | 'key';
  name: string;
  translationKey: string;
  url: string;
  icon: MenuItemIcon;
  /** An access category's publicId, or '' for every member. */
  audience: string;
};

export function initialMenuItemValues(item: MenuItem | undefined): MenuItemFormValues {
  return {
    labelKind: item?.translationKey ? 'key' : 'name',
    name: item?.name ?? '',
    translationKey: item?.translationKey ?? '',
    url: item?.url ?? 'https://',
    icon: item?.icon ?? 'link',
    audience: item?.audience?.publicId ?? '',
  };
}

export type MenuItemField = 'name' | 'translationKey' | 'url';

/** The browser's check of the form, with the server's rules (the server checks again). */
export function menuItemFormErrors(
  values: MenuItemFormValues,
  t: TFunction,
): Partial<Record<MenuItemField, string>> {
  const errors: Partial<Record<MenuItemField, string>> = {};
  if (values.labelKind === 'name') {
    const name = values.name.trim();
    if (name === '') errors.name = t('menuItems.validation.required');
    else if (name.length > limits.nameMaxLength)
      errors.name = t('menuItems.validation.tooLong', { count: limits.nameMaxLength });
  } else {
    const key = values.translationKey.trim();
    if (key === '') errors.translationKey = t('menuItems.validation.required');
    else if (key.length > translationLimits.keyMaxLength)
      errors.translationKey = t('menuItems.validation.tooLong', { count: translationLimits.keyMaxLength });
    else if (!translationKeyRegex.test(key)) errors.translationKey = t('menuItems.validation.keyPattern');
  }
  const url = values.url.trim();
  if (url === '') errors.url = t('menuItems.validation.required');
  else if (url.length > companyCustomUrlMaxLength)
    errors.url = t('menuItems.validation.tooLong', { count: companyCustomUrlMaxLength });
  else {
    const problem = httpsLinkProblem(url);
    if (problem === 'credentials') errors.url = t('menuItems.validation.credentials');
    else if (problem !== null) errors.url = t('menuItems.validation.https');
  }
  return errors;
}

/** What the form sends: exactly one of name and translation key, the other cleared. */
export function menuItemBodyOf(values: MenuItemFormValues) {
  const byName = values.labelKind === 'name';
  return {
    name: byName ? values.name.trim() : null,
    translationKey: byName ? null : values.translationKey.trim(),
    url: values.url.trim(),
    icon: values.icon,
    audience: values.audience === '' ? null : { publicId: values.audience },
  };
}

export type MenuItemBody = ReturnType<typeof menuItemBodyOf>;
