import Box from '@mui/material/Box';
import { LoadingIndicator } from './LoadingIndicator.tsx';

export function FullPageProgress({ label }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <LoadingIndicator label={label} />
    </Box>
  );
}
