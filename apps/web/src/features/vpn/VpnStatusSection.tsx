import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudOff from '@mui/icons-material/CloudOff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { useVpn } from './vpn-context.ts';
import { LocalAddressesSection } from './LocalAddressesSection.tsx';
import { VpnDetailsList } from './VpnDetailsList.tsx';
import { agentStatusLabelKey, isActive, rateLimitMessage } from './vpn-rules.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

/** The status part of the info dialog: active or not-available banner, then the details list. */
export function VpnStatusSection({ agentId, onClose }: { agentId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const vpn = useVpn();
  const queryClient = useQueryClient();
  const agent = useQuery({
    queryKey: ['Agent', agentId ?? ''],
    queryFn: () => apiData<Agent>('Agent', { params: { publicId: agentId ?? '' }, query: { fields: '*' } }),
    enabled: agentId !== undefined,
    retry: false,
  });
  const reset = useMutation({
    mutationFn: (publicId: string) =>
      apiData<Agent>('AgentRateLimitReset', { method: 'POST', params: { publicId } }),
    onSuccess: (updated) => queryClient.setQueryData(['Agent', updated.publicId], updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['Agent', agentId ?? ''] }),
  });
  const status = vpn.status?.status ?? 'idle';
  const activeRequest = vpn.status?.activeRequest ?? null;
  const active = isActive(status, activeRequest, agentId);
  const device = agent.data;
  if (!active && !device) return null;

  const disconnect = async () => {
    await vpn.disconnect();
    onClose();
  };
  const label = device
    ? agentStatusLabelKey(device, status, activeRequest)
    : status === 'connected'
      ? 'status.connected'
      : 'status.connecting';
  const limit = device ? rateLimitMessage(device.rateLimiting) : null;
  return (
    <Box
      component="section"
      aria-label={t('vpn.title')}
      sx={{ p: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {device && !device.activeVpnSession ? (
        <Stack spacing={1.5} data-testid="vpn-not-available" sx={{ mb: 2 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CloudOff sx={{ fontSize: 40, color: 'text.secondary' }} />
            <Box>
              <Typography variant="h6" component="p">
                {t('vpn.status.notAvailable')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('vpn.banner.notAvailableSubtitle')}
              </Typography>
            </Box>
          </Stack>
          {limit && (
            <Alert severity={device.rateLimiting.configOpenvpnLimit === 'hard' ? 'error' : 'warning'}>
              {t(`vpn.${limit.key}`, limit.values)}
              {device.rateLimiting.configOpenvpnLastHit && (
                <Box component="span" sx={{ display: 'block' }}>
                  {t('vpn.banner.lastAttempt', {
                    date: formatDateTime(device.rateLimiting.configOpenvpnLastHit),
                  })}
                </Box>
              )}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {device.rateLimiting.configOpenvpnLimit === 'hard' && (
              <Button loading={reset.isPending} onClick={() => reset.mutate(device.publicId)}>
                {t('vpn.tryAgain')}
              </Button>
            )}
            {active && <Button onClick={() => void disconnect()}>{t('vpn.disconnect')}</Button>}
          </Stack>
        </Stack>
      ) : (
        active && (
          <Stack
            direction="row"
            spacing={2}
            data-testid="vpn-active"
            sx={{ alignItems: 'center', mb: 2, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
          >
            {status === 'connecting' ? (
              <LoadingIndicator size={28} decorative label={t(`vpn.${label}`)} />
            ) : (
              <CheckCircle sx={{ fontSize: 32, color: 'success.main' }} />
            )}
            <Typography sx={{ flex: 1, fontWeight: 600 }}>{t(`vpn.${label}`)}</Typography>
            <Button variant="contained" onClick={() => void disconnect()}>
              {t('vpn.disconnect')}
            </Button>
          </Stack>
        )
      )}
      <VpnDetailsList agent={device} connected={active && status === 'connected'} />
      <LocalAddressesSection agentId={agentId} agent={device} />
    </Box>
  );
}
