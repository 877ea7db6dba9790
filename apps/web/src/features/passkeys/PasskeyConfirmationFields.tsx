import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { limits, recoveryCodePattern, totpCodePattern } from '@fleetgate/contracts';
import { isApiError } from '../../api/api-error.ts';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { PasswordField } from '../../components/form/PasswordField.tsx';
import { useMyTwoFactor } from '../my-profile/use-two-factor.ts';
import type { PasskeyConfirmation } from './use-passkeys.ts';

/** The form values behind the password and code fields. */
export type ConfirmationValues = { password: string; code: string };

/**
 * Whether the code field is shown: while TOTP is on (GET MyTwoFactor), or once the server has
 * asked for a code (TOTP turned on elsewhere meanwhile).
 */
export function useCodeAsked() {
  const twoFactor = useMyTwoFactor();
  const [asked, setAsked] = useState(false);
  const showCode = asked || (twoFactor.data?.totpEnabled ?? false);
  return {
    showCode,
    /** Call with a failed attempt's error: a complaint about the code shows the field. */
    noticeError: (error: unknown) => {
      if (isApiError(error) && error.errors.some((item) => item.propertyName === 'code')) setAsked(true);
    },
  };
}

export function confirmationSchema(t: TFunction, showCode: boolean) {
  return {
    password: z
      .string()
      .min(1, t('form.required'))
      .max(limits.passwordMaxLength, t('form.maxLength', { count: limits.passwordMaxLength })),
    code: showCode
      ? z
          .string()
          .trim()
          .refine(
            (code) => totpCodePattern.test(code) || recoveryCodePattern.test(code),
            t('passkeys.confirm.codeInvalid'),
          )
      : z.string(),
  };
}

/** The request's part of the values: the code only while it is asked for. */
export function confirmationOf(values: ConfirmationValues, showCode: boolean): PasskeyConfirmation {
  return { password: values.password, ...(showCode ? { code: values.code.trim() } : {}) };
}

type ConfirmationFieldsProps<T extends ConfirmationValues & FieldValues> = {
  control: Control<T>;
  showCode: boolean;
  autoFocus?: boolean;
};

/** The password and, while TOTP is on, a TOTP or recovery code: a session alone is not enough. */
export function ConfirmationFields<T extends ConfirmationValues & FieldValues>({
  control,
  showCode,
  autoFocus = false,
}: ConfirmationFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as Path<T>}
        label={t('passkeys.confirm.password')}
        autoComplete="current-password"
        autoFocus={autoFocus}
      />
      {showCode && (
        <FormTextField
          control={control}
          name={'code' as Path<T>}
          label={t('passkeys.confirm.code')}
          helperText={t('passkeys.confirm.codeHelp')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { maxLength: 11, spellCheck: false, autoCapitalize: 'none' } }}
        />
      )}
    </>
  );
}
