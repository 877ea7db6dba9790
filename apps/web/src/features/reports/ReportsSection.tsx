import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportJob } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { DetailSection } from '../devices/DetailSection.tsx';
import { QueueReportDialog } from './QueueReportDialog.tsx';
import { ScheduledReports } from './ScheduledReports.tsx';
import {
  downloadReport,
  useDeviceReportJobs,
  useReportJobsLiveUpdates,
  type ReportDeviceKind,
} from './use-reports.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

const stateColour = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/**
 * "Reports" of a device (portal device page): queue a report of one of the device's published
 * report pages and download the caller's reports once done. Shown to holders of `reports.use`
 * in a company with the Reports app (a 403 hides it).
 */
export function ReportsSection({ kind = 'agent', publicId }: { kind?: ReportDeviceKind; publicId: string }) {
  const { t, i18n } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const allowed = hasCapability(user, 'reports.use');
  const jobs = useDeviceReportJobs(kind, publicId, allowed);
  const [queueing, setQueueing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useReportJobsLiveUpdates();

  if (!allowed) return null;
  if (jobs.isError && jobs.error instanceof ApiError && jobs.error.status === 403) return null;

  const when = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(value),
    );

  const download = async (job: ReportJob) => {
    setProblem(null);
    try {
      await downloadReport(job);
    } catch (error) {
      setProblem(describeError(t, error));
    }
  };

  return (
    <DetailSection id="device-reports" title={t('reports.title')}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('reports.intro')}
          </Typography>
          <Button variant="outlined" onClick={() => setQueueing(true)} sx={{ flexShrink: 0 }}>
            {t('reports.queueButton')}
          </Button>
        </Stack>
        {jobs.isError && <Alert severity="error">{describeError(t, jobs.error)}</Alert>}
        {problem && <Alert severity="error">{problem}</Alert>}
        {jobs.isSuccess && jobs.data.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('reports.none')}
          </Typography>
        )}
        {jobs.isSuccess && jobs.data.length > 0 && (
          <List dense disablePadding aria-label={t('reports.listLabel')}>
            {jobs.data.map((job) => (
              <ListItem
                key={job.publicId}
                disableGutters
                secondaryAction={
                  job.state === 'done' ? (
                    <Button size="small" onClick={() => void download(job)}>
                      {t('reports.download')}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{job.report.title}</span>
                      <Chip
                        size="small"
                        color={stateColour[job.state]}
                        label={t(`reports.states.${job.state}`)}
                      />
                    </Stack>
                  }
                  secondary={
                    <>
                      {t('reports.period', {
                        start: when(job.start),
                        end: when(job.end),
                        timeZone: job.timeZone,
                      })}
                      {job.state === 'running' && (
                        <LoadingBar
                          value={job.progress}
                          label={t('reports.progress', { progress: job.progress })}
                          sx={{ mt: 0.5, maxWidth: 240 }}
                        />
                      )}
                      {job.state === 'failed' && job.error && (
                        <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                          {job.error}
                        </Typography>
                      )}
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <ScheduledReports kind={kind} publicId={publicId} />
      </Stack>
      {queueing && (
        <QueueReportDialog
          kind={kind}
          publicId={publicId}
          onClose={() => setQueueing(false)}
          onQueued={() => {
            setQueueing(false);
            notify(t('reports.queued'), { durationMs: 3000 });
          }}
        />
      )}
    </DetailSection>
  );
}
