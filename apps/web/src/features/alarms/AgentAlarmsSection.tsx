import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Agent, Alarm } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useAppInstalled } from '../apps/use-installed-apps.ts';
import { DetailSection } from '../devices/DetailSection.tsx';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { AlarmTable } from './AlarmTable.tsx';
import {
  useAgentAlarms,
  useAlarmSubscription,
  useAlarmsLiveUpdates,
  useSetAlarmSubscription,
} from './use-alarms.ts';

/**
 * "Alarms" of the device page: its open occurrences (live) and the recent ones, acknowledging
 * with a comment, and the user's own e-mail switch. Shown while the company has alarming installed.
 */
export function AgentAlarmsSection({ agent }: { agent: Agent }) {
  const installed = useAppInstalled('alarming');
  if (!installed) return null;
  return <AgentAlarms agent={agent} />;
}

function AgentAlarms({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const { open, recent } = useAgentAlarms(agent.publicId);
  const subscription = useAlarmSubscription(agent.publicId);
  const setSubscription = useSetAlarmSubscription(agent.publicId);
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
  useAlarmsLiveUpdates();
  const canAcknowledge = hasCapability(user, 'alarms.acknowledge');

  const openIds = new Set((open.data ?? []).map((a) => a.publicId));
  const past = (recent.data ?? []).filter((a) => !openIds.has(a.publicId));

  const handleSubscription = (email: boolean) =>
    setSubscription.mutate(email, {
      onSuccess: () => notify(t(email ? 'alarms.subscribed' : 'alarms.unsubscribed'), { durationMs: 3000 }),
      onError: (error) => notify(describeError(t, error)),
    });

  return (
    <DetailSection id="device-alarms" title={t('alarms.section')}>
      <Stack spacing={1.5}>
        {(open.isError || recent.isError) && <Alert severity="error">{t('alarms.loadFailed')}</Alert>}
        {open.data && open.data.length === 0 && (
          <Typography color="text.secondary">{t('alarms.none')}</Typography>
        )}
        {open.data && open.data.length > 0 && (
          <AlarmTable
            alarms={open.data}
            showDevice={false}
            canAcknowledge={canAcknowledge}
            onAcknowledge={setAcknowledging}
            label={t('alarms.section')}
          />
        )}
        {past.length > 0 && (
          <AlarmTable
            alarms={past}
            showDevice={false}
            canAcknowledge={false}
            onAcknowledge={setAcknowledging}
            label={t('alarms.showAll')}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={subscription.data?.email ?? false}
              disabled={!subscription.data || setSubscription.isPending}
              onChange={(event) => handleSubscription(event.target.checked)}
            />
          }
          label={t('alarms.subscription')}
        />
      </Stack>
      {acknowledging && <AcknowledgeDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />}
    </DetailSection>
  );
}
