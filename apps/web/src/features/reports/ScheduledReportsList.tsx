import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportSchedule } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';

/** The device's scheduled reports: page, how often, recipients and the next run. */
export function ScheduledReportsList({
  schedules,
  formatDate,
  onAdd,
  onDelete,
}: {
  schedules: readonly ReportSchedule[];
  formatDate: (value: string) => string;
  onAdd: () => void;
  onDelete: (schedule: ReportSchedule) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} component="section" aria-labelledby="scheduled-reports-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography id="scheduled-reports-title" variant="subtitle1" component="h3">
          {t('reports.schedules.title')}
        </Typography>
        <Button variant="outlined" onClick={onAdd} sx={{ flexShrink: 0 }}>
          {t('reports.schedules.add')}
        </Button>
      </Stack>
      {schedules.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('reports.schedules.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('reports.schedules.listLabel')}>
          {schedules.map((schedule) => (
            <ListItem
              key={schedule.publicId}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => onDelete(schedule)}
                  aria-label={t('reports.schedules.deleteOne', { title: schedule.report.title })}
                >
                  {t('reports.schedules.delete')}
                </Button>
              }
            >
              <ListItemText
                primary={`${schedule.report.title} · ${t(`reports.schedules.frequencies.${schedule.frequency}`)}`}
                secondary={
                  <>
                    <span style={{ display: 'block' }}>
                      {t('reports.schedules.to', {
                        names: schedule.recipients.map((recipient) => recipient.name).join(', '),
                      })}
                    </span>
                    <span style={{ display: 'block' }}>
                      {t('reports.schedules.nextRun', {
                        when: formatDate(schedule.nextRunOn),
                        timeZone: schedule.timeZone,
                      })}
                    </span>
                  </>
                }
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
