import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { useWebhookDeliveries } from './use-webhooks.ts';

const stateColor = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

type WebhookDeliveriesDialogProps = { webhook: Webhook; onClose: () => void };

/** The webhook's newest deliveries: state, attempts, the receiver's answer and times. */
export function WebhookDeliveriesDialog({ webhook, onClose }: WebhookDeliveriesDialogProps) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(webhook.publicId);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="webhook-deliveries-title">
      <DialogTitle id="webhook-deliveries-title">
        {t('webhooks.deliveryList.title', { name: webhook.name })}
      </DialogTitle>
      <DialogContent>
        {deliveries.isSuccess && deliveries.data.length === 0 && (
          <Typography color="text.secondary">{t('webhooks.deliveryList.empty')}</Typography>
        )}
        <List aria-label={t('webhooks.deliveries')} dense>
          {deliveries.data?.map((delivery) => (
            <DeliveryRow key={delivery.publicId} delivery={delivery} />
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('webhooks.deliveryList.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const response =
    delivery.responseStatus === null ? (delivery.error ?? '—') : `HTTP ${delivery.responseStatus}`;
  return (
    <ListItem divider sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={stateColor[delivery.state]}
        label={t(`webhooks.deliveryList.state.${delivery.state}`)}
        sx={{ mt: 0.5 }}
      />
      <ListItemText
        primary={t(`webhooks.events.${delivery.type}`)}
        secondary={`${t('webhooks.deliveryList.created')}: ${formatDateTime(delivery.createdOn)}`}
        sx={{ minWidth: 180 }}
      />
      <ListItemText
        primary={`${t('webhooks.deliveryList.response')}: ${response}`}
        secondary={`${t('webhooks.deliveryList.attempts')}: ${delivery.attempts}${
          delivery.lastAttemptOn
            ? ` · ${t('webhooks.deliveryList.lastAttempt')}: ${formatDateTime(delivery.lastAttemptOn)}`
            : ''
        }`}
        slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
      />
    </ListItem>
  );
}
