import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import HubOutlined from '@mui/icons-material/HubOutlined';
import { useTranslation } from 'react-i18next';
import type { MqttBroker } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListPageFrame } from '../../components/ListPageFrame.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import type { ConnectionTestState } from './ConnectionTestResult.tsx';
import { MqttBrokerCard } from './MqttBrokerCard.tsx';
import { MqttBrokerDialog } from './MqttBrokerDialog.tsx';
import { createInputOf, patchOf, type BrokerFormValues } from './mqtt-broker-form.ts';
import {
  useCreateMqttBroker,
  useDeleteMqttBroker,
  useMqttBrokers,
  useTestSavedBroker,
  useUpdateMqttBroker,
} from './use-mqtt-brokers.ts';

type DialogState = { mode: 'add' } | { mode: 'edit'; broker: MqttBroker } | null;

const noticeMs = 3000;

/** `/mqtt`: the company's MQTT brokers, each with a connection test. */
export function MqttBrokersPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const query = useShellSearch();
  const brokers = useMqttBrokers();
  const createBroker = useCreateMqttBroker();
  const updateBroker = useUpdateMqttBroker();
  const deleteBroker = useDeleteMqttBroker();
  const testBroker = useTestSavedBroker();
  const [tests, setTests] = useState<Record<string, ConnectionTestState>>({});
  const [dialog, setDialog] = useState<DialogState>(null);
  const deletion = useConfirmedDelete<MqttBroker>(deleteBroker, t('mqtt.deleted'));

  const shown = useMemo(() => {
    const needle = query.toLowerCase();
    const all = [...(brokers.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    return needle === ''
      ? all
      : all.filter((b) => b.name.toLowerCase().includes(needle) || b.url.toLowerCase().includes(needle));
  }, [brokers.data, query]);

  const setTest = (publicId: string, state: ConnectionTestState) =>
    setTests((current) => ({ ...current, [publicId]: state }));

  const handleTest = (broker: MqttBroker) => {
    setTest(broker.publicId, { status: 'testing' });
    // Each test settles its own card; mutate()'s callbacks would only fire for the latest call.
    testBroker.mutateAsync(broker.publicId).then(
      (result) => setTest(broker.publicId, { status: 'done', result }),
      (error: unknown) => setTest(broker.publicId, { status: 'error', error }),
    );
  };

  const handleSubmit = async (values: BrokerFormValues) => {
    if (dialog?.mode === 'edit') {
      const { publicId } = dialog.broker;
      await updateBroker.mutateAsync({ publicId, changes: patchOf(values) });
      // Earlier results were for the old settings.
      setTest(publicId, { status: 'idle' });
      notify(t('mqtt.saved'), { durationMs: noticeMs });
    } else {
      await createBroker.mutateAsync(createInputOf(values));
      notify(t('mqtt.created'), { durationMs: noticeMs });
    }
    setDialog(null);
  };

  return (
    <ListPageFrame
      title={t('mqtt.title')}
      subtitle={t('mqtt.subtitle')}
      addLabel={t('mqtt.add')}
      onAdd={() => setDialog({ mode: 'add' })}
      list={brokers}
      loadFailedText={t('mqtt.loadFailed')}
      retryLabel={t('mqtt.retry')}
      onRetry={() => void brokers.refetch()}
    >
      {brokers.isSuccess && shown.length === 0 && (
        <EmptyState
          icon={HubOutlined}
          text={query === '' ? t('mqtt.empty') : t('mqtt.noMatches', { query })}
        />
      )}
      {shown.length > 0 && (
        <Stack spacing={2}>
          {shown.map((broker) => (
            <MqttBrokerCard
              key={broker.publicId}
              broker={broker}
              test={tests[broker.publicId] ?? { status: 'idle' }}
              onTest={handleTest}
              onEdit={(b) => setDialog({ mode: 'edit', broker: b })}
              onDelete={deletion.ask}
            />
          ))}
        </Stack>
      )}
      {dialog && (
        <MqttBrokerDialog
          key={dialog.mode === 'edit' ? dialog.broker.publicId : 'new'}
          broker={dialog.mode === 'edit' ? dialog.broker : undefined}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {deletion.deleting && (
        <ConfirmDeleteDialog
          {...deletion.dialog}
          title={t('mqtt.deleteDialog.title')}
          body={t('mqtt.deleteDialog.body', { name: deletion.deleting.name })}
          confirmLabel={t('mqtt.deleteDialog.confirm')}
          cancelLabel={t('mqtt.deleteDialog.cancel')}
        />
      )}
    </ListPageFrame>
  );
}
