import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import type { BackendComponentMessageSubscription } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { describeBackendComponentError } from './backend-component-errors.ts';
import { SectionCard } from './SectionCard.tsx';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';
import { subscriptionDetail, subscriptionInputOf, type SubscriptionFormValues } from './subscription-form.ts';
import {
  useCreateSubscription,
  useDeleteSubscription,
  useSetSubscriptionEnabled,
  useSubscriptions,
} from './use-template-parts.ts';

const noticeMs = 3000;

/** The messages that run a template, each switched on or off, added and deleted here. */
export function TemplateSubscriptionsSection({ templateId }: { templateId: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const subscriptions = useSubscriptions(templateId);
  const create = useCreateSubscription(templateId);
  const setEnabled = useSetSubscriptionEnabled(templateId);
  const remove = useDeleteSubscription(templateId);
  const [adding, setAdding] = useState(false);
  const fail = (error: unknown) => notify(describeBackendComponentError(t, error), { durationMs: noticeMs });

  const handleSubmit = async (values: SubscriptionFormValues) => {
    await create.mutateAsync(subscriptionInputOf(values, templateId));
    notify(t('backendComponents.subscriptions.added'), { durationMs: noticeMs });
    setAdding(false);
  };
  const handleDelete = (publicId: string) =>
    remove.mutate(publicId, {
      onSuccess: () => notify(t('backendComponents.subscriptions.deleted'), { durationMs: noticeMs }),
      onError: fail,
    });

  return (
    <SectionCard
      id="template-subscriptions"
      title={t('backendComponents.subscriptions.title')}
      hint={t('backendComponents.subscriptions.hint')}
    >
      {subscriptions.isError && (
        <Alert severity="error">{t('backendComponents.subscriptions.loadFailed')}</Alert>
      )}
      {subscriptions.isSuccess && subscriptions.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('backendComponents.subscriptions.empty')}
        </Typography>
      )}
      {(subscriptions.data ?? []).map((subscription) => (
        <SubscriptionRow
          key={subscription.publicId}
          subscription={subscription}
          onToggle={(enabled) =>
            setEnabled.mutate({ publicId: subscription.publicId, enabled }, { onError: fail })
          }
          onDelete={() => handleDelete(subscription.publicId)}
        />
      ))}
      <Box>
        <Button startIcon={<Add />} variant="outlined" onClick={() => setAdding(true)}>
          {t('backendComponents.subscriptions.add')}
        </Button>
      </Box>
      {adding && <SubscriptionDialog onSubmit={handleSubmit} onClose={() => setAdding(false)} />}
    </SectionCard>
  );
}

type RowProps = {
  subscription: BackendComponentMessageSubscription;
  onToggle: (enabled: boolean) => void;
  onDelete: () => void;
};

function SubscriptionRow({ subscription, onToggle, onDelete }: RowProps) {
  const { t } = useTranslation();
  const kind = t(`backendComponents.subscriptions.kinds.${subscription.kind}`);
  const detail = subscriptionDetail(subscription, t('backendComponents.subscriptions.allDevices'));
  const what = `${kind} ${detail}`.trim();
  return (
    <Box
      role="group"
      aria-label={what}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{kind}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            overflowWrap: 'anywhere',
            fontFamily: subscription.kind === 'schedule' ? 'monospace' : undefined,
          }}
        >
          {detail}
        </Typography>
        {subscription.droppedRuns > 0 && (
          <Typography variant="body2" color="warning.main">
            {t('backendComponents.subscriptions.droppedRuns', { count: subscription.droppedRuns })}
          </Typography>
        )}
      </Box>
      <Switch
        checked={subscription.enabled}
        onChange={(event) => onToggle(event.target.checked)}
        slotProps={{ input: { 'aria-label': t('backendComponents.subscriptions.enabled', { what }) } }}
      />
      <IconButton aria-label={t('backendComponents.subscriptions.delete', { what })} onClick={onDelete}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
