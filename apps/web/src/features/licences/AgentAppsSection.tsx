import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PerAgentApp } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeLicenceError } from './licence-errors.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';
import { formatDate } from '../../components/format/format-date.ts';
import { useNotify } from '../../components/notify.tsx';
import { useAppInstalled } from '../apps/use-installed-apps.ts';
import { ActivateAppDialog } from './ActivateAppDialog.tsx';
import { agentAppField, type AgentAppState, type AgentWithApps } from './licence-wire.ts';
import { useDeactivateApp } from './use-licences.ts';

/**
 * Data logging and alarming on one agent: whether each is active and through what, and for
 * licence managers Activate and Deactivate. Only the apps the company has installed are shown;
 * nothing at all while neither is.
 */
export function AgentAppsSection({ agent, card = false }: { agent: AgentWithApps; card?: boolean }) {
  const { t } = useTranslation();
  const logging = useAppInstalled('dataLogging');
  const alarming = useAppInstalled('alarming');
  const apps = [...(logging ? ['dataLogging' as const] : []), ...(alarming ? ['alarming' as const] : [])];
  if (apps.length === 0) return null;
  const headingId = `agent-apps-${agent.publicId}`;
  const rows = (
    <Stack spacing={1}>
      {apps.map((app) => (
        <AgentAppRow key={app} app={app} agent={agent} state={agent[agentAppField[app]]} />
      ))}
    </Stack>
  );
  // On the device page a card of its own, like the page's other sections; in an agent's card a part of it.
  if (card)
    return (
      <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
          {t('licences.agent.section')}
        </Typography>
        {rows}
      </Card>
    );
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('licences.agent.section')}
      </Typography>
      {rows}
    </Box>
  );
}

type AgentAppRowProps = { app: PerAgentApp; agent: AgentWithApps; state: AgentAppState | undefined };

function AgentAppRow({ app, agent, state }: AgentAppRowProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const manages = hasCapability(user, 'licences.manage');
  const deactivate = useDeactivateApp(app);
  const [activating, setActivating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const appName = t(`licences.apps.${app}`);
  const texts = { app: appName, device: agent.name };
  const active = state?.active === true;

  const handleDeactivate = () =>
    deactivate.mutate(agent.publicId, {
      onSuccess: () => notify(t('licences.deactivate.done', texts)),
      onError: (error) => notify(describeLicenceError(t, error), { durationMs: 6000 }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Box
      role="group"
      aria-label={appName}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 110 }}>
        {appName}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flex: '1 1 200px' }}>
        {active ? (
          <>
            <Chip size="small" color="success" label={t('licences.agent.active')} />
            <Typography variant="body2" color="text.secondary">
              {[
                state.source ? t(`licences.agent.sources.${state.source}`) : null,
                state.licence?.name ?? null,
                state.endsOn ? t('licences.agent.until', { date: formatDate(state.endsOn) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </>
        ) : (
          <Chip size="small" variant="outlined" label={t('licences.agent.notActive')} />
        )}
      </Box>
      {manages && state && (
        <Box sx={{ ml: 'auto' }}>
          {active ? (
            <Button
              size="small"
              color="error"
              aria-label={t('licences.agent.deactivateLabel', texts)}
              onClick={() => setConfirming(true)}
            >
              {t('licences.agent.deactivate')}
            </Button>
          ) : (
            <Button
              size="small"
              variant="outlined"
              aria-label={t('licences.agent.activateLabel', texts)}
              onClick={() => setActivating(true)}
            >
              {t('licences.agent.activate')}
            </Button>
          )}
        </Box>
      )}
      {activating && state && (
        <ActivateAppDialog
          app={app}
          agent={agent}
          trialAvailable={state.trialAvailable}
          onClose={() => setActivating(false)}
        />
      )}
      {confirming && (
        <ConfirmActionDialog
          ids={{ title: 'deactivate-app-title', body: 'deactivate-app-body' }}
          title={t('licences.deactivate.title', texts)}
          body={t('licences.deactivate.body', texts)}
          confirmLabel={t('licences.deactivate.confirm')}
          cancelLabel={t('licences.cancel')}
          busy={deactivate.isPending}
          onConfirm={handleDeactivate}
          onClose={() => setConfirming(false)}
          focusCancel
        />
      )}
    </Box>
  );
}
