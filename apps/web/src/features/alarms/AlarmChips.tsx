import Chip from '@mui/material/Chip';
import type { AlarmSeverity, AlarmState } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';

const severityColor = { info: 'info', warning: 'warning', critical: 'error' } as const;
const stateColor = { active: 'error', acknowledged: 'warning', cleared: 'default' } as const;

export function SeverityChip({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation();
  return <Chip size="small" color={severityColor[severity]} label={t(`alarms.severity.${severity}`)} />;
}

export function StateChip({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={stateColor[state]} label={t(`alarms.state.${state}`)} />
  );
}
