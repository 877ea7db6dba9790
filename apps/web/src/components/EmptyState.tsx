import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';

type EmptyStateProps = {
  /** The feature's own icon, shown greyed out above the text. */
  icon: SvgIconComponent;
  /** Why the list is empty: nothing there yet, or nothing matching the search. */
  text: string;
};

/** The card a list page shows in place of an empty list. */
export function EmptyState({ icon: Icon, text }: EmptyStateProps) {
  return (
    <Card>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', p: { xs: 3, sm: 5 } }}>
        <Icon color="disabled" sx={{ fontSize: 48 }} />
        <Typography color="text.secondary">{text}</Typography>
      </Stack>
    </Card>
  );
}
