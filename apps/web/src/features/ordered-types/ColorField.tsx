import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Palette from '@mui/icons-material/Palette';
import { colorPattern, generatedColors } from '@fleetgate/contracts';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type ColorFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText?: string;
  required?: boolean;
};

/** A `#rrggbb` colour: typed, picked with the system colour picker, or chosen from a few swatches. */
export function ColorField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  required,
}: ColorFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const valid = colorPattern.test(value);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value);

  return (
    <Stack spacing={1}>
      <TextField
        name={field.name}
        label={label}
        value={value}
        required={required}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.invalid}
        helperText={fieldState.error?.message ?? helperText}
        placeholder="#1e88e5"
        slotProps={{
          htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                {/* Until a colour is given, a palette icon stands in for the picker's swatch. */}
                <Box sx={{ position: 'relative', width: 28, height: 28 }}>
                  {!valid && (
                    <Palette
                      aria-hidden
                      sx={{ position: 'absolute', inset: 2, color: 'text.secondary', pointerEvents: 'none' }}
                    />
                  )}
                  <Box
                    component="input"
                    type="color"
                    aria-label={t('groups.types.pickColor')}
                    value={valid ? value.toLowerCase() : '#000000'}
                    onChange={handlePick}
                    sx={{
                      width: 28,
                      height: 28,
                      p: 0,
                      border: valid ? 1 : 0,
                      borderColor: 'divider',
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: 'transparent',
                      opacity: valid ? 1 : 0,
                      '&::-webkit-color-swatch-wrapper': { p: 0 },
                      '&::-webkit-color-swatch': { border: 'none', borderRadius: 0.5 },
                    }}
                  />
                </Box>
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
        {generatedColors.map((color) => (
          <ButtonBase
            key={color}
            aria-label={t('groups.types.useColor', { color })}
            aria-pressed={value.toLowerCase() === color}
            onClick={() => field.onChange(color)}
            sx={{
              width: 24,
              height: 24,
              borderRadius: '50%',
              bgcolor: color,
              outline: value.toLowerCase() === color ? 2 : 0,
              outlineColor: 'text.primary',
              outlineOffset: 2,
            }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
