import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bytes } from './Bytes.tsx';

type UsageTotalsProps = { bytesIn: number; bytesOut: number; bytes: number };

/** The period's totals as three big figures: in, out, and both. */
export function UsageTotals({ bytesIn, bytesOut, bytes }: UsageTotalsProps) {
  const { t } = useTranslation();
  const figures = [
    { key: 'in', value: bytesIn, hint: t('usage.totals.inHint'), label: t('usage.totals.in') },
    { key: 'out', value: bytesOut, hint: t('usage.totals.outHint'), label: t('usage.totals.out') },
    { key: 'total', value: bytes, hint: t('usage.totals.totalHint'), label: t('usage.totals.total') },
  ];
  return (
    <Stack
      component="section"
      aria-label={t('usage.totals.label')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
    >
      {figures.map((figure) => (
        <Card
          key={figure.key}
          variant="outlined"
          sx={{ flex: 1, p: 2 }}
          data-testid={`usage-total-${figure.key}`}
        >
          <Typography variant="overline" color="text.secondary" component="h2">
            {figure.label}
          </Typography>
          <Typography variant="h4" component="p">
            <Bytes bytes={figure.value} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {figure.hint}
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
