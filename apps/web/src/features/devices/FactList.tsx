import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label and value pairs as a description list: two columns when there is room, stacked below. */
export function FactList({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
