import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { rateLimitStateOf } from './rate-limit.ts';

type RateLimitNoticeProps = { agent: Agent; resetting: boolean; onReset: (agent: Agent) => void };

/** The agent's connection-attempt limit, with a reset for whoever manages the agent. */
export function RateLimitNotice({ agent, resetting, onReset }: RateLimitNoticeProps) {
  const { t } = useTranslation();
  const state = rateLimitStateOf(agent.rateLimiting);
  if (!state) return null;
  const text =
    state.kind === 'stopped'
      ? t('agents.rateLimit.stopped', { counter: state.counter })
      : t(
          state.retryIn === 'seconds'
            ? 'agents.rateLimit.retryingSeconds'
            : 'agents.rateLimit.retryingMinutes',
          {
            after: state.after,
            counter: state.counter,
          },
        );
  return (
    <Alert
      severity={state.kind === 'stopped' ? 'error' : 'warning'}
      variant="outlined"
      action={
        <Button
          color="inherit"
          size="small"
          loading={resetting}
          onClick={() => onReset(agent)}
          aria-label={`${t('agents.rateLimit.reset')} ${agent.name}`}
        >
          {t('agents.rateLimit.reset')}
        </Button>
      }
    >
      {text}
      {state.lastHit && (
        <>
          {' · '}
          {t('agents.rateLimit.lastHit', { date: formatDateTime(state.lastHit) })}
        </>
      )}
    </Alert>
  );
}
