import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label and value pairs as a description list, each label above its value (narrow panels). */
export function FactList({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', rowGap: 1.25, m: 0 }}>
      {facts.map((fact) => (
        <Box key={fact.label}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
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
