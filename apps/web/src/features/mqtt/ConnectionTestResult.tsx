import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import type { MqttConnectionTestResult } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

export type ConnectionTestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'done'; result: MqttConnectionTestResult }
  | { status: 'error'; error: unknown };

/** The outcome of a connection test, announced to screen readers as it changes. */
export function ConnectionTestResult({ state }: { state: ConnectionTestState }) {
  const { t } = useTranslation();
  let icon = null;
  let text = '';
  let color = 'text.secondary';
  if (state.status === 'testing') {
    icon = <LoadingIndicator size={16} decorative label={t('mqtt.testing')} />;
    text = t('mqtt.testing');
  } else if (state.status === 'done' && state.result.connected) {
    icon = <CheckCircle fontSize="small" color="success" />;
    text = t('mqtt.connected', { latencyMs: state.result.latencyMs });
    color = 'success.dark';
  } else if (state.status === 'done' && !state.result.connected) {
    icon = <ErrorOutline fontSize="small" color="error" />;
    text = t('mqtt.failed', { error: state.result.error });
    color = 'error.main';
  } else if (state.status === 'error') {
    icon = <ErrorOutline fontSize="small" color="error" />;
    text = t('mqtt.testUnavailable', { error: describeError(t, state.error) });
    color = 'error.main';
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}
    >
      {icon && <Box sx={{ display: 'flex', pt: '2px', flexShrink: 0 }}>{icon}</Box>}
      {text && (
        <Typography variant="body2" sx={{ color, overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
