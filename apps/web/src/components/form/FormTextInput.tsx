import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
};

/**
 * A plain text input bound to react-hook-form, looking and behaving as FormTextField's MUI
 * TextField (outlined, full width, label, helper or error text) but built from its parts:
 * TextField always brings its select menu (Select, Menu, Popover, Modal), a third of the login
 * page's component code. For the sign-in forms; FormTextField remains for everything else.
 */
export function FormTextInput<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  ...input
}: FormTextInputProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const helper = fieldState.error?.message ?? helperText;
  const helperId = helper ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      fullWidth
      variant="outlined"
      error={fieldState.invalid}
      required={required}
      disabled={disabled ?? field.disabled}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        // The outline's notch is as wide as the label, with the asterisk of a required field.
        label={required ? `${label} *` : label}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        aria-describedby={helperId}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
