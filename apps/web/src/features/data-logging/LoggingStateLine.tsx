import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format/format-date.ts';
import type { AgentWithLogging } from './use-data-logging.ts';

type LoggingStateLineProps = { agent: AgentWithLogging };

/**
 * Whether the agent logs, and what it has logged: samples stored, dropped and the newest one.
 * Activation itself is the "Data logging and alarming" row just above (features/licences), so
 * that there is one Activate button per app and agent.
 */
export function LoggingStateLine({ agent }: LoggingStateLineProps) {
  const { t } = useTranslation();
  const activated = agent.logging?.active === true;
  const state = agent.dataLogging;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {activated ? (
        <Chip size="small" color="success" label={t('dataLogging.state.activated')} />
      ) : (
        <Chip size="small" variant="outlined" label={t('dataLogging.state.notActivated')} />
      )}
      {activated && state && (
        <Chip
          size="small"
          variant="outlined"
          color={state.collecting ? 'success' : 'default'}
          label={t(state.collecting ? 'dataLogging.state.collecting' : 'dataLogging.state.notCollecting')}
        />
      )}
      {state && (
        <Typography variant="body2" color="text.secondary">
          {[
            t('dataLogging.state.stored', { count: state.samplesStored }),
            state.samplesDropped > 0 ? t('dataLogging.state.dropped', { count: state.samplesDropped }) : null,
            state.lastSampleOn
              ? t('dataLogging.state.lastSample', { date: formatDateTime(state.lastSampleOn) })
              : t('dataLogging.state.noSamples'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
      {!activated && (
        <Typography variant="body2" color="text.secondary">
          {t('dataLogging.state.activateHint')}
        </Typography>
      )}
    </Box>
  );
}
