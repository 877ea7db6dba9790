import Alert from '@mui/material/Alert';

/** The form-level error, if any, announced to screen readers. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" variant="outlined">
      {message}
    </Alert>
  );
}
