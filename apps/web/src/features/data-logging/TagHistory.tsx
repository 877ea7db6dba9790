import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { formatTagValue } from './tag-values.ts';
import { useRecentSamples } from './use-data-logging.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const hourMs = 60 * 60 * 1000;
/** Rows the compact history shows; the rest of the hour is in the charts and exports. */
const shownRows = 20;

/** A tag's samples of the last hour (from when it was opened), newest first, as a compact table. */
export function TagHistory({ tag }: { tag: Tag }) {
  const { t, i18n } = useTranslation();
  const [window] = useState(() => {
    const end = new Date();
    return { start: new Date(end.getTime() - hourMs).toISOString(), end: end.toISOString() };
  });
  const samples = useRecentSamples(tag.publicId, window.start, window.end);
  if (samples.isPending) return <LoadingIndicator size={20} label={t('dataLogging.loading')} />;
  if (samples.isError) return <Alert severity="error">{t('dataLogging.live.historyFailed')}</Alert>;
  if (samples.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('dataLogging.live.noHistory')}
      </Typography>
    );
  const rows = samples.data.slice(0, shownRows);
  return (
    <Table size="small" aria-label={t('dataLogging.live.historyLabel', { name: tag.name })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('dataLogging.live.time')}</TableCell>
          <TableCell align="right">{t('dataLogging.live.value')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((sample) => (
          <TableRow key={sample.time}>
            <TableCell>{formatDateTime(sample.time)}</TableCell>
            <TableCell align="right">
              {formatTagValue(tag, sample.value, i18n.language)}
              {tag.unit ? ` ${tag.unit}` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
