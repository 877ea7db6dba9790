import Chip from '@mui/material/Chip';
import Circle from '@mui/icons-material/Circle';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';

/** Online, offline, or not enrolled yet (an agent that never connected cannot be "offline"). */
export function AgentStatusChip({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const online = agent.status === 'online';
  const label = online ? t('agents.online') : agent.enrolled ? t('agents.offline') : t('agents.notEnrolled');
  return (
    <Chip
      size="small"
      role="status"
      icon={<Circle sx={{ fontSize: '10px !important' }} />}
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
      label={label}
    />
  );
}
