import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export type MultiSelectOption = { value: string; label: string; disabled?: boolean; hint?: string };

type MultiSelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly MultiSelectOption[];
  required?: boolean;
  helperText?: string;
};

/** A select of several values bound to react-hook-form, the chosen ones shown as chips. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  helperText,
}: MultiSelectFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const selected = (field.value ?? []) as string[];
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  return (
    <TextField
      select
      label={label}
      required={required}
      name={field.name}
      value={selected}
      onChange={(event) => {
        const value = event.target.value as unknown as string[] | string;
        field.onChange(typeof value === 'string' ? value.split(',') : value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (values) => (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {(values as string[]).map((value) => (
                <Chip key={value} size="small" label={labelOf(value)} />
              ))}
            </Stack>
          ),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {/* A picture of a checkbox: the option itself is what is selected (aria-selected), a
              real checkbox inside it would be a second control nested in the option. */}
          <ListItemIcon aria-hidden>
            {selected.includes(option.value) ? (
              <CheckBox fontSize="small" color="primary" />
            ) : (
              <CheckBoxOutlineBlank fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText primary={option.label} secondary={option.hint} />
        </MenuItem>
      ))}
    </TextField>
  );
}
