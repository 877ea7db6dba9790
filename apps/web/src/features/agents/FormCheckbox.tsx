import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormCheckboxProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string;
};

/** A boolean form value as a labelled checkbox with an optional hint below. */
export function FormCheckbox<T extends FieldValues>({ control, name, label, hint }: FormCheckboxProps<T>) {
  const { field } = useController({ control, name });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            inputRef={field.ref}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
          />
        }
        label={label}
      />
      {hint && <FormHelperText sx={{ mt: -0.75, ml: 4 }}>{hint}</FormHelperText>}
    </Box>
  );
}
