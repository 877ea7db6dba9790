import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import { colorPattern } from '@fleetgate/contracts';
import type { BrandingFormValues } from './branding-form.ts';

type ColorFieldProps = {
  control: Control<BrandingFormValues>;
  name: 'theme.primaryColor' | 'theme.secondaryColor';
  label: string;
  pickerLabel: string;
  hint: string;
};

/** A colour as hex text beside the browser's own colour picker; either one changes the other. */
export function ColorField({ control, name, label, pickerLabel, hint }: ColorFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value;
  const pickerValue = colorPattern.test(value) ? value.toLowerCase() : '#000000';
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={pickerLabel}
        value={pickerValue}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
        sx={{
          flexShrink: 0,
          width: 56,
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
        }}
      />
      <TextField
        label={label}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.invalid}
        helperText={fieldState.error?.message ?? hint}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', maxLength: 7 } }}
      />
    </Box>
  );
}
