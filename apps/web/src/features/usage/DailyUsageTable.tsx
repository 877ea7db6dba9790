import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { DataUsageDay } from '@fleetgate/contracts';
import { Bytes } from './Bytes.tsx';

/** The chart's figures as a table, newest day first. */
export function DailyUsageTable({ days }: { days: DataUsageDay[] }) {
  const { t } = useTranslation();
  return (
    // It scrolls on its own: keyboard users reach it and scroll it with the arrow keys.
    <TableContainer
      sx={{ maxHeight: 360 }}
      tabIndex={0}
      role="region"
      aria-label={t('usage.chart.tableLabel')}
    >
      <Table size="small" stickyHeader aria-label={t('usage.chart.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('usage.chart.day')}</TableCell>
            <TableCell align="right">{t('usage.agents.in')}</TableCell>
            <TableCell align="right">{t('usage.agents.out')}</TableCell>
            <TableCell align="right">{t('usage.agents.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.toReversed().map((day) => (
            <TableRow key={day.day}>
              <TableCell component="th" scope="row">
                {day.day}
              </TableCell>
              <TableCell align="right">
                <Bytes bytes={day.bytesIn} />
              </TableCell>
              <TableCell align="right">
                <Bytes bytes={day.bytesOut} />
              </TableCell>
              <TableCell align="right">
                <Bytes bytes={day.bytes} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
