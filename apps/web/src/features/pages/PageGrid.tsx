import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { pageLimits, type PageComponent } from '@fleetgate/contracts';
import { readingOrder } from './page-layout.ts';

export const rowHeightPx = 72;

/** A titled card holding one component, filling its grid cell. */
export function ComponentCard({
  title,
  header,
  children,
}: {
  title?: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {(title || header) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1, minHeight: 32 }}>
          <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          {header}
        </Box>
      )}
      <Box sx={{ flex: 1, minHeight: 0, p: 1.5, pt: title || header ? 0.5 : 1.5 }}>{children}</Box>
    </Card>
  );
}

/**
 * The published page, read-only: the 12-column grid on wide screens; on narrow ones (below
 * `md`) the components stack full width in reading order, each at its own height.
 */
export function PageGrid({
  components,
  render,
}: {
  components: readonly PageComponent[];
  render: (component: PageComponent) => ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: `repeat(${pageLimits.gridColumns}, minmax(0, 1fr))` },
        gridAutoRows: `${rowHeightPx}px`,
      }}
    >
      {readingOrder(components).map((component) => (
        <Box
          key={component.id}
          data-component={component.id}
          sx={{
            minWidth: 0,
            gridColumn: { xs: '1 / -1', md: `${component.x + 1} / span ${component.w}` },
            gridRow: {
              xs: `span ${Math.max(component.h, component.kind === 'value' || component.kind === 'text' ? 2 : 4)}`,
              md: `${component.y + 1} / span ${component.h}`,
            },
          }}
        >
          {render(component)}
        </Box>
      ))}
    </Box>
  );
}
