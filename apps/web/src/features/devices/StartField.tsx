import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useController, type Control } from 'react-hook-form';
import { accessRequestTimeStepMinutes } from '@fleetgate/contracts';
import { startOfMinute, type RequestFormValues } from './request-access-form.ts';

type StartFieldProps = { control: Control<RequestFormValues>; label: string; openedAt: Date };

/**
 * The request's start: date and time in 5-minute steps. Times before the dialog opened are not
 * offered; a start typed before the current minute is flagged by the form's own rule.
 */
export function StartField({ control, label, openedAt }: StartFieldProps) {
  const { field, fieldState } = useController({ control, name: 'start' });
  return (
    <DateTimePicker
      label={label}
      value={field.value}
      onChange={(value) => field.onChange(value)}
      inputRef={field.ref}
      minutesStep={accessRequestTimeStepMinutes}
      minDateTime={startOfMinute(openedAt)}
      ampm={false}
      slotProps={{
        textField: {
          name: field.name,
          required: true,
          fullWidth: true,
          onBlur: field.onBlur,
          error: fieldState.invalid,
          helperText: fieldState.error?.message,
        },
      }}
    />
  );
}
