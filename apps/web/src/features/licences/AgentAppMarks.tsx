import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { PerAgentApp } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { activeApps } from './licence-rules.ts';
import type { AgentWithApps } from './licence-wire.ts';

const icons = {
  dataLogging: InsightsOutlined,
  alarming: NotificationsActiveOutlined,
} as const satisfies Record<PerAgentApp, unknown>;

/** Small marks beside a device's name in the devices list for the per-agent apps active on it. */
export function AgentAppMarks({ agent }: { agent: AgentWithApps }) {
  const { t } = useTranslation();
  const apps = activeApps(agent);
  if (apps.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, ml: 0.75, verticalAlign: 'middle' }}>
      {apps.map((app) => {
        const Icon = icons[app];
        const label = t('licences.agent.activeMark', { app: t(`licences.apps.${app}`) });
        return (
          <Tooltip key={app} title={label}>
            <Icon role="img" aria-label={label} aria-hidden={false} fontSize="small" color="action" />
          </Tooltip>
        );
      })}
    </Box>
  );
}
