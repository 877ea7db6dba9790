import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { emailAddressSchema } from '../components/form/field-schemas.ts';
import type { LoginValues } from './LoginForm.tsx';

/** The login form's validation; loaded on demand (see lazyResolver) as it brings zod. */
export function loginResolver(t: TFunction): Resolver<LoginValues> {
  return zodResolver(
    z.object({ emailAddress: emailAddressSchema(t), password: z.string().min(1, t('form.required')) }),
  );
}
