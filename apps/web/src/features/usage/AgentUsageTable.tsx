import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AgentDataUsage } from '@fleetgate/contracts';
import { Bytes } from './Bytes.tsx';

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Every agent with traffic in the period: bytes in, out and both, most first. */
export function AgentUsageTable({ agents }: { agents: AgentDataUsage[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('usage.agents.title')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('usage.agents.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('usage.agents.agent')}</TableCell>
              <TableCell align="right" sx={wideOnly}>
                {t('usage.agents.in')}
              </TableCell>
              <TableCell align="right" sx={wideOnly}>
                {t('usage.agents.out')}
              </TableCell>
              <TableCell align="right">{t('usage.agents.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {agents.map((usage) => (
              <TableRow key={usage.agent.publicId} data-agent={usage.agent.publicId}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {usage.agent.name}
                </TableCell>
                <TableCell align="right" sx={wideOnly}>
                  <Bytes bytes={usage.bytesIn} />
                </TableCell>
                <TableCell align="right" sx={wideOnly}>
                  <Bytes bytes={usage.bytesOut} />
                </TableCell>
                <TableCell align="right">
                  <Bytes bytes={usage.bytes} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('usage.agents.note')}
      </Typography>
    </Card>
  );
}
