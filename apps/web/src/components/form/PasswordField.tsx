import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextInput, type FormTextInputProps } from './FormTextInput.tsx';

type PasswordFieldProps<T extends FieldValues> = Omit<FormTextInputProps<T>, 'type' | 'endAdornment'>;

export function PasswordField<T extends FieldValues>(props: PasswordFieldProps<T>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  const handleToggle = () => setVisible((current) => !current);

  return (
    <FormTextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            onClick={handleToggle}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
