import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { Alarm } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { AlarmTable } from './AlarmTable.tsx';
import { useAlarmsLiveUpdates, useCompanyAlarms } from './use-alarms.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** `/alarms`: the open alarms of the devices the user sees, live; optionally the history too. */
export function AlarmsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [showAll, setShowAll] = useState(false);
  const alarms = useCompanyAlarms(showAll ? 'all' : 'open');
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
  useAlarmsLiveUpdates();

  return (
    <Stack spacing={2}>
      <PageHeader title={t('alarms.title')} subtitle={t('alarms.intro')} />
      <FormControlLabel
        control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
        label={t('alarms.showAll')}
      />
      {alarms.isPending && <LoadingIndicator />}
      {alarms.isError && <Alert severity="error">{t('alarms.loadFailed')}</Alert>}
      {alarms.isSuccess && alarms.data.length === 0 && (
        <EmptyState
          icon={NotificationsActiveOutlined}
          text={t(showAll ? 'alarms.noRecent' : 'alarms.none')}
        />
      )}
      {alarms.isSuccess && alarms.data.length > 0 && (
        <Card>
          <AlarmTable
            alarms={alarms.data}
            showDevice
            canAcknowledge={hasCapability(user, 'alarms.acknowledge')}
            onAcknowledge={setAcknowledging}
            label={t('alarms.title')}
          />
        </Card>
      )}
      {acknowledging && <AcknowledgeDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />}
    </Stack>
  );
}
