import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentServer } from '@fleetgate/contracts';
import { AgentServerList } from './AgentServerList.tsx';
import { AgentStatusChip } from './AgentStatusChip.tsx';
import { RateLimitNotice } from './RateLimitNotice.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';
import { AgentAppsSection } from '../licences/AgentAppsSection.tsx';
import { AlarmConditionsSection } from '../alarms/AlarmConditionsSection.tsx';
import { AgentDataLoggingSection } from '../data-logging/AgentDataLoggingSection.tsx';

export type AgentCardActions = {
  onEdit: (agent: Agent) => void;
  onDelete: (agent: Agent) => void;
  onEnrol: (agent: Agent) => void;
  onResetRateLimit: (agent: Agent) => void;
  onAddServer: (agent: Agent) => void;
  onEditServer: (agent: Agent, server: AgentServer) => void;
  onDeleteServer: (agent: Agent, server: AgentServer) => void;
};

type AgentCardProps = AgentCardActions & { agent: Agent; resetting: boolean; enrolling: boolean };

const lockFlags = ['vpnLocked', 'webAccessLocked', 'vpnRequireAccessApproval'] as const;

export function AgentCard({ agent, resetting, enrolling, ...actions }: AgentCardProps) {
  const { t } = useTranslation();
  const headingId = `agent-${agent.publicId}`;
  return (
    <Card component="article" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, pb: 1.5 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography
              id={headingId}
              variant="h6"
              component="h2"
              sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}
            >
              {agent.name}
            </Typography>
            <AgentStatusChip agent={agent} />
          </Box>
          {agent.lastSeenOn && agent.status === 'offline' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {t('agents.lastSeen', { date: formatDateTime(agent.lastSeenOn) })}
            </Typography>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.25 }}>
            {lockFlags
              .filter((flag) => agent[flag])
              .map((flag) => (
                <Chip
                  key={flag}
                  size="small"
                  variant="outlined"
                  icon={<LockOutlined />}
                  label={t(`agents.locks.${flag}`)}
                />
              ))}
            {agent.hasDisplay && (
              <Chip size="small" variant="outlined" label={t('screensaver.displayChip')} />
            )}
            {agent.useStunnel && (
              <Chip size="small" variant="outlined" label={t('agents.locks.useStunnel')} />
            )}
            {agent.memberships.map(({ group }) => (
              <Chip key={group.publicId} size="small" label={group.name} sx={{ maxWidth: '100%' }} />
            ))}
          </Stack>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title={t('agents.edit')}>
            <IconButton
              aria-label={`${t('agents.edit')} ${agent.name}`}
              onClick={() => actions.onEdit(agent)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('agents.delete')}>
            <IconButton
              aria-label={`${t('agents.delete')} ${agent.name}`}
              onClick={() => actions.onDelete(agent)}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ px: 2, py: 1.5 }}>
        <RateLimitNotice agent={agent} resetting={resetting} onReset={actions.onResetRateLimit} />
        <AgentServerList
          agentName={agent.name}
          servers={agent.servers}
          onAdd={() => actions.onAddServer(agent)}
          onEdit={(server) => actions.onEditServer(agent, server)}
          onDelete={(server) => actions.onDeleteServer(agent, server)}
        />
        <AgentAppsSection agent={agent} />
        <AgentDataLoggingSection agent={agent} />
        <AlarmConditionsSection agent={agent} />
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<KeyOutlined />}
            loading={enrolling}
            onClick={() => actions.onEnrol(agent)}
            aria-label={`${t('agents.enrol')} ${agent.name}`}
          >
            {t('agents.enrol')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}
