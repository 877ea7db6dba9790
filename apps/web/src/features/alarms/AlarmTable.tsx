import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { Alarm } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format/format-date.ts';
import { SeverityChip, StateChip } from './AlarmChips.tsx';
import { alarmValue } from './alarm-text.ts';

type AlarmTableProps = {
  alarms: Alarm[];
  /** The company page names the device of each alarm; the device page does not. */
  showDevice: boolean;
  canAcknowledge: boolean;
  onAcknowledge: (alarm: Alarm) => void;
  label: string;
};

/** Occurrences with severity, value, when raised and their state; unacknowledged ones can be acknowledged. */
export function AlarmTable({ alarms, showDevice, canAcknowledge, onAcknowledge, label }: AlarmTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('alarms.columns.severity')}</TableCell>
            {showDevice && <TableCell>{t('alarms.columns.device')}</TableCell>}
            <TableCell>{t('alarms.columns.alarm')}</TableCell>
            <TableCell>{t('alarms.columns.value')}</TableCell>
            <TableCell>{t('alarms.columns.raised')}</TableCell>
            <TableCell>{t('alarms.columns.state')}</TableCell>
            {canAcknowledge && <TableCell>{t('alarms.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {alarms.map((alarm) => (
            <TableRow key={alarm.publicId}>
              <TableCell>
                <SeverityChip severity={alarm.severity} />
              </TableCell>
              {showDevice && (
                <TableCell>
                  <Link component={RouterLink} to={`/devices/${alarm.agent.publicId}`}>
                    {alarm.agent.name}
                  </Link>
                </TableCell>
              )}
              <TableCell>
                {alarm.condition.name}
                <Typography variant="body2" color="text.secondary">
                  {alarm.tag.name}
                </Typography>
              </TableCell>
              <TableCell>{alarmValue(alarm)}</TableCell>
              <TableCell>{formatDateTime(alarm.raisedOn)}</TableCell>
              <TableCell>
                <StateChip state={alarm.state} />
                {alarm.acknowledgedBy && (
                  <Typography variant="body2" color="text.secondary">
                    {t('alarms.acknowledgedBy', { name: alarm.acknowledgedBy.name })}
                    {alarm.comment ? ` — ${alarm.comment}` : ''}
                  </Typography>
                )}
              </TableCell>
              {canAcknowledge && (
                <TableCell>
                  {alarm.acknowledgedOn === null && (
                    <Button
                      size="small"
                      onClick={() => onAcknowledge(alarm)}
                      aria-label={t('alarms.acknowledgeLabel', { name: alarm.condition.name })}
                    >
                      {t('alarms.acknowledge')}
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
