import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import type { BrokerFormValues } from './mqtt-broker-form.ts';

type BrokerPasswordFieldProps = {
  control: Control<BrokerFormValues>;
  /** A password is stored and kept: the empty field reads "Unchanged". */
  unchanged: boolean;
  disabled: boolean;
  helperText: string | undefined;
};

/** The write-only password: never filled in, since the server never sends it back. */
export function BrokerPasswordField({ control, unchanged, disabled, helperText }: BrokerPasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  return (
    <FormTextField
      control={control}
      name="password"
      type={visible ? 'text' : 'password'}
      label={t('mqtt.dialog.password')}
      placeholder={unchanged ? t('mqtt.dialog.passwordUnchanged') : undefined}
      autoComplete="new-password"
      disabled={disabled}
      helperText={helperText}
      slotProps={{
        inputLabel: unchanged ? { shrink: true } : {},
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
                onClick={() => setVisible((current) => !current)}
                edge="end"
                size="small"
                disabled={disabled}
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
