import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type ProfileSectionProps = { id: string; title: string; hint: string; children: ReactNode };

/** One section of the profile page (language today; profile, password, two-factor, sessions to come). */
export function ProfileSection({ id, title, hint, children }: ProfileSectionProps) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={`${id}-title`}>
      <Stack spacing={0.5}>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Stack>
      {children}
    </Stack>
  );
}
