import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@fleetgate/contracts';
import { pendingId } from './use-webhooks.ts';

type WebhookCardProps = {
  webhook: Webhook;
  testing: boolean;
  onToggle: (webhook: Webhook, enabled: boolean) => void;
  onTest: (webhook: Webhook) => void;
  onDeliveries: (webhook: Webhook) => void;
  onRotate: (webhook: Webhook) => void;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
};

export function WebhookCard(props: WebhookCardProps) {
  const { webhook, testing } = props;
  const { t } = useTranslation();
  // Shown before the server has stored it (optimistic): nothing to act on yet.
  const saving = webhook.publicId === pendingId;
  const titleId = `webhook-${webhook.publicId}-name`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ opacity: saving ? 0.6 : 1 }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ wordBreak: 'break-word' }}>
            {webhook.name}
          </Typography>
          <FormControlLabel
            label={t(webhook.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
            control={
              <Switch
                checked={webhook.enabled}
                disabled={saving}
                onChange={(event) => props.onToggle(webhook, event.target.checked)}
              />
            }
            sx={{ mr: 0, flexShrink: 0 }}
          />
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }}
        >
          {webhook.url}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {webhook.eventTypes.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('webhooks.noEvents')}
            </Typography>
          )}
          {webhook.eventTypes.map((type) => (
            <Chip key={type} size="small" label={t(`webhooks.events.${type}`)} />
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          size="small"
          disabled={saving}
          loading={testing}
          onClick={() => props.onTest(webhook)}
        >
          {t('webhooks.test')}
        </Button>
        <Button size="small" disabled={saving} onClick={() => props.onDeliveries(webhook)}>
          {t('webhooks.deliveries')}
        </Button>
        <Button size="small" disabled={saving} onClick={() => props.onRotate(webhook)}>
          {t('webhooks.rotate')}
        </Button>
        <Button size="small" disabled={saving} onClick={() => props.onEdit(webhook)}>
          {t('webhooks.edit')}
        </Button>
        <Button size="small" color="error" disabled={saving} onClick={() => props.onDelete(webhook)}>
          {t('webhooks.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
