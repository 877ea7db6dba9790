import { useState } from 'react';
import Stack from '@mui/material/Stack';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListPageFrame } from '../../components/ListPageFrame.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhookSecretDialog } from './WebhookSecretDialog.tsx';
import { webhookInputOf, type WebhookFormValues } from './webhook-form.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from './use-webhooks.ts';

type DialogState =
  | { mode: 'add' }
  | { mode: 'edit'; webhook: Webhook }
  | { mode: 'secret'; name: string; secret: string }
  | { mode: 'deliveries'; webhook: Webhook }
  | null;

const noticeMs = 3000;

/** `/webhooks`: the company's webhooks, with their signing secrets, tests and deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const webhooks = useWebhooks();
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
  const deleteWebhook = useDeleteWebhook();
  const rotateSecret = useRotateWebhookSecret();
  const testWebhook = useTestWebhook();
  const [testing, setTesting] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const deletion = useConfirmedDelete<Webhook>(deleteWebhook, t('webhooks.deleted'));
  const shown = [...(webhooks.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const handleSubmit = async (values: WebhookFormValues) => {
    const input = webhookInputOf(values);
    if (dialog?.mode === 'edit') {
      const publicId = dialog.webhook.publicId;
      setDialog(null);
      // The change shows at once; a refusal puts the old values back and says why.
      updateWebhook.mutate(
        { publicId, changes: input },
        {
          onSuccess: () => notify(t('webhooks.saved'), { durationMs: noticeMs }),
          onError: (error) => notify(error.message, { durationMs: 5000 }),
        },
      );
      return;
    }
    const created = await createWebhook.mutateAsync(input);
    notify(t('webhooks.created'), { durationMs: noticeMs });
    setDialog({ mode: 'secret', name: created.name, secret: created.secret });
  };

  const handleToggle = (webhook: Webhook, enabled: boolean) => {
    updateWebhook.mutate(
      { publicId: webhook.publicId, changes: { enabled } },
      { onError: (error) => notify(error.message, { durationMs: 5000 }) },
    );
  };

  const handleRotate = (webhook: Webhook) => {
    rotateSecret.mutate(webhook.publicId, {
      onSuccess: ({ secret }) => setDialog({ mode: 'secret', name: webhook.name, secret }),
      onError: (error) => notify(error.message, { durationMs: 5000 }),
    });
  };

  const handleTest = (webhook: Webhook) => {
    setTesting(webhook.publicId);
    testWebhook.mutate(webhook.publicId, {
      onSuccess: (delivery) =>
        notify(
          delivery.state === 'delivered'
            ? t('webhooks.tested', { status: delivery.responseStatus })
            : t('webhooks.testFailed', {
                reason: delivery.responseStatus === null ? delivery.error : `HTTP ${delivery.responseStatus}`,
              }),
          { durationMs: 5000 },
        ),
      onError: (error) => notify(error.message, { durationMs: 5000 }),
      onSettled: () => setTesting(null),
    });
  };

  return (
    <ListPageFrame
      title={t('webhooks.title')}
      subtitle={t('webhooks.subtitle')}
      addLabel={t('webhooks.add')}
      onAdd={() => setDialog({ mode: 'add' })}
      list={webhooks}
      loadFailedText={t('webhooks.loadFailed')}
      retryLabel={t('webhooks.retry')}
      onRetry={() => void webhooks.refetch()}
    >
      {webhooks.isSuccess && shown.length === 0 && (
        <EmptyState icon={WebhookOutlined} text={t('webhooks.empty')} />
      )}
      {shown.length > 0 && (
        <Stack spacing={2}>
          {shown.map((webhook) => (
            <WebhookCard
              key={webhook.publicId}
              webhook={webhook}
              testing={testing === webhook.publicId}
              onToggle={handleToggle}
              onTest={handleTest}
              onDeliveries={(w) => setDialog({ mode: 'deliveries', webhook: w })}
              onRotate={handleRotate}
              onEdit={(w) => setDialog({ mode: 'edit', webhook: w })}
              onDelete={deletion.ask}
            />
          ))}
        </Stack>
      )}
      {(dialog?.mode === 'add' || dialog?.mode === 'edit') && (
        <WebhookDialog
          webhook={dialog.mode === 'edit' ? dialog.webhook : undefined}
          onSubmit={handleSubmit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.mode === 'secret' && (
        <WebhookSecretDialog name={dialog.name} secret={dialog.secret} onClose={() => setDialog(null)} />
      )}
      {dialog?.mode === 'deliveries' && (
        <WebhookDeliveriesDialog webhook={dialog.webhook} onClose={() => setDialog(null)} />
      )}
      {deletion.deleting && (
        <ConfirmDeleteDialog
          {...deletion.dialog}
          title={t('webhooks.deleteDialog.title')}
          body={t('webhooks.deleteDialog.body', { name: deletion.deleting.name })}
          confirmLabel={t('webhooks.deleteDialog.confirm')}
          cancelLabel={t('webhooks.deleteDialog.cancel')}
        />
      )}
    </ListPageFrame>
  );
}
