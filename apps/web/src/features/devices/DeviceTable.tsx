import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Agent } from '@fleetgate/contracts';
import { AgentAppMarks } from '../licences/AgentAppMarks.tsx';
import { AccessLocks } from './AccessLocks.tsx';
import { DeviceRowActions } from './DeviceRowActions.tsx';
import { StatusDot } from './StatusDot.tsx';
import { VpnAccessState } from './VpnAccessState.tsx';
import { shownVpnAccess, type StatusColour } from './device-status.ts';

type DeviceTableProps = {
  agents: Agent[];
  colourOf: (agent: Agent) => StatusColour;
  userPublicId: string;
  now: Date;
  onRequestAccess: (agent: Agent) => void;
};

/** Services, restrictions and access columns of wide screens; below `md` they sit under the device name. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', md: 'none' } } as const;
/** Read out by screen readers, not shown: the actions column needs no visible heading. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function DeviceTable({ agents, colourOf, userPublicId, now, onRequestAccess }: DeviceTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('devices.title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>{t('devices.columns.status')}</TableCell>
            <TableCell>{t('devices.columns.name')}</TableCell>
            <TableCell sx={wideOnly}>{t('devices.columns.services')}</TableCell>
            <TableCell sx={wideOnly}>{t('devices.columns.locks')}</TableCell>
            <TableCell sx={wideOnly}>{t('devices.columns.myAccess')}</TableCell>
            <TableCell align="right" sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('devices.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {agents.map((agent) => {
            const connected = agent.connectedUsers.some((user) => user.publicId === userPublicId);
            const shown = shownVpnAccess(agent.myAccess, now);
            const access = <VpnAccessState access={agent.myAccess} shown={shown} now={now} />;
            return (
              <TableRow key={agent.publicId} hover aria-label={agent.name}>
                <TableCell>
                  <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                    <StatusDot colour={colourOf(agent)} />
                    <Typography
                      variant="body2"
                      color={agent.status === 'online' ? 'text.primary' : 'text.secondary'}
                    >
                      {t(`devices.${agent.status}`)}
                    </Typography>
                  </Stack>
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/devices/${agent.publicId}`}
                    underline="hover"
                    aria-label={t('devices.details', { name: agent.name })}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {agent.name}
                  </Link>
                  <AgentAppMarks agent={agent} />
                  {connected && (
                    <Typography variant="caption" color="success.dark" sx={{ display: 'block' }}>
                      {t('devices.youAreConnected')}
                    </Typography>
                  )}
                  <Box sx={{ ...narrowOnly, mt: 0.75 }}>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
                      {agent.servers.length === 0
                        ? t('devices.noServices')
                        : t('devices.serviceCount', { count: agent.servers.length })}
                    </Typography>
                    <AccessLocks agent={agent} />
                    <Box sx={{ mt: 0.75 }}>{access}</Box>
                  </Box>
                </TableCell>
                <TableCell sx={wideOnly}>
                  {agent.servers.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('devices.noServices')}
                    </Typography>
                  ) : (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {agent.servers.map((server) => (
                        <Chip key={server.publicId} size="small" label={server.name} />
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell sx={wideOnly}>
                  <AccessLocks agent={agent} />
                </TableCell>
                <TableCell sx={wideOnly}>{access}</TableCell>
                <TableCell align="right">
                  <DeviceRowActions agent={agent} shown={shown} onRequestAccess={onRequestAccess} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
