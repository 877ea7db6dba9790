import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  helperText?: string | undefined;
  disabled?: boolean;
  required?: boolean;
};

/** A native select bound to react-hook-form (a Material menu would load its popover for a few options). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  helperText,
  disabled,
  required,
}: SelectFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      disabled={disabled}
      required={required}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
