import { lazyPart } from '../../app/lazy-part.tsx';

/** Most forms are sent without an error, so the alert's code loads with the first one. */
const Alert = lazyPart(() => import('@mui/material/Alert'), 'default', null);

/** The form-level error, if any, announced to screen readers. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" variant="outlined">
      {message}
    </Alert>
  );
}
