import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { useTranslation } from 'react-i18next';
import type { MqttBroker } from '@fleetgate/contracts';
import { ConnectionTestResult, type ConnectionTestState } from './ConnectionTestResult.tsx';

type MqttBrokerCardProps = {
  broker: MqttBroker;
  test: ConnectionTestState;
  onTest: (broker: MqttBroker) => void;
  onEdit: (broker: MqttBroker) => void;
  onDelete: (broker: MqttBroker) => void;
};

export function MqttBrokerCard({ broker, test, onTest, onEdit, onDelete }: MqttBrokerCardProps) {
  const { t } = useTranslation();
  const headingId = `mqtt-broker-${broker.publicId}`;
  return (
    <Card component="article" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, pb: 1.5 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {broker.name}
          </Typography>
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.25 }}
          >
            {broker.url}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.25 }}>
            <Chip
              size="small"
              variant="outlined"
              label={broker.username ? t('mqtt.user', { username: broker.username }) : t('mqtt.anonymous')}
              sx={{ maxWidth: '100%' }}
            />
            {broker.clientId && (
              <Chip
                size="small"
                variant="outlined"
                label={t('mqtt.clientId', { clientId: broker.clientId })}
                sx={{ maxWidth: '100%' }}
              />
            )}
            <Chip
              size="small"
              variant="outlined"
              icon={broker.hasPassword ? <LockOutlined /> : undefined}
              label={broker.hasPassword ? t('mqtt.passwordStored') : t('mqtt.noPassword')}
            />
          </Stack>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <Tooltip title={t('mqtt.edit')}>
            <IconButton aria-label={`${t('mqtt.edit')} ${broker.name}`} onClick={() => onEdit(broker)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('mqtt.delete')}>
            <IconButton aria-label={`${t('mqtt.delete')} ${broker.name}`} onClick={() => onDelete(broker)}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Box>
      <Divider />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 1.5,
          px: 2,
          py: 1.25,
        }}
      >
        <Button
          size="small"
          variant="outlined"
          startIcon={<NetworkCheck />}
          onClick={() => onTest(broker)}
          loading={test.status === 'testing'}
          aria-label={`${t('mqtt.test')}: ${broker.name}`}
          sx={{ flexShrink: 0 }}
        >
          {t('mqtt.test')}
        </Button>
        <ConnectionTestResult state={test} />
      </Box>
    </Card>
  );
}
