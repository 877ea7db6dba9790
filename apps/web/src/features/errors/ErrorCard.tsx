import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';

type ErrorCardProps = {
  icon: SvgIconComponent;
  title: string;
  subtitle: string;
  actions?: ReactNode;
};

export function ErrorCard({ icon: Icon, title, subtitle, actions }: ErrorCardProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
      <Icon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
      {actions && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', pt: 1 }}
        >
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
