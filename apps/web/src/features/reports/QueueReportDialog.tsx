import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { browserTimeZone, periodRange, reportPeriods, type ReportPeriod } from './report-periods.ts';
import { useDeviceReportPages, useQueueReport, type ReportDeviceKind } from './use-reports.ts';

/** "Queue report": a published report page of the device, a period, the browser's time zone. */
export function QueueReportDialog({
  kind,
  publicId,
  onClose,
  onQueued,
}: {
  kind: ReportDeviceKind;
  publicId: string;
  onClose: () => void;
  onQueued: () => void;
}) {
  const { t } = useTranslation();
  const pages = useDeviceReportPages(kind, publicId, true);
  const queue = useQueueReport(kind, publicId);
  const [page, setPage] = useState('');
  const [period, setPeriod] = useState<ReportPeriod>('yesterday');
  const [custom, setCustom] = useState({ start: '', end: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const timeZone = browserTimeZone();
  const range = periodRange(period, new Date(), custom);
  const options = pages.data ?? [];

  const submit = async () => {
    if (!range || !page) return;
    setProblem(null);
    try {
      await queue.mutateAsync({
        report: { publicId: page },
        start: range.start.toISOString(),
        end: range.end.toISOString(),
        timeZone,
      });
      onQueued();
    } catch (error) {
      setProblem(describeError(t, error));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="queue-report-title">
      <DialogTitle id="queue-report-title">{t('reports.queue.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {pages.isError && <Alert severity="error">{describeError(t, pages.error)}</Alert>}
          {pages.isSuccess && options.length === 0 && (
            <Alert severity="info">{t('reports.queue.noPages')}</Alert>
          )}
          <TextField
            select
            label={t('reports.queue.page')}
            value={page}
            onChange={(event) => setPage(event.target.value)}
            disabled={options.length === 0}
          >
            {options.map((option) => (
              <MenuItem key={option.publicId} value={option.publicId}>
                {option.publishedVersion?.title ?? option.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('reports.queue.period')}
            value={period}
            onChange={(event) => setPeriod(event.target.value as ReportPeriod)}
          >
            {reportPeriods.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`reports.periods.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          {period === 'custom' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="datetime-local"
                label={t('reports.queue.start')}
                value={custom.start}
                onChange={(event) => setCustom({ ...custom, start: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="datetime-local"
                label={t('reports.queue.end')}
                value={custom.end}
                onChange={(event) => setCustom({ ...custom, end: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                error={custom.start !== '' && custom.end !== '' && range === null}
                helperText={
                  custom.start !== '' && custom.end !== '' && range === null
                    ? t('reports.queue.endAfterStart')
                    : ' '
                }
                fullWidth
              />
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('reports.queue.timeZone', { timeZone })}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reports.queue.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!page || range === null || queue.isPending}
        >
          {t('reports.queue.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
