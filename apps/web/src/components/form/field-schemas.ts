import { z } from 'zod';
import type { TFunction } from 'i18next';
import { limits } from '@fleetgate/contracts';

export function emailAddressSchema(t: TFunction) {
  return z
    .string()
    .trim()
    .min(1, t('form.required'))
    .max(limits.nameMaxLength, t('form.maxLength', { count: limits.nameMaxLength }))
    .pipe(z.email(t('form.email')));
}

export function nameSchema(t: TFunction) {
  return z
    .string()
    .trim()
    .min(1, t('form.required'))
    .max(limits.nameMaxLength, t('form.maxLength', { count: limits.nameMaxLength }));
}

export function newPasswordSchema(t: TFunction) {
  const message = t('form.passwordLength', { min: limits.passwordMinLength, max: limits.passwordMaxLength });
  return z.string().min(limits.passwordMinLength, message).max(limits.passwordMaxLength, message);
}
