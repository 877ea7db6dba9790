import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MyUser, TrustedDevice } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';
import { useNotify } from '../../components/notify.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { useRemoveTrustedDevices, useTrustedDevices } from './use-sign-in-history.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** The browsers that skip the code step: this one marked, each removable, or all at once. */
export function TrustedDevicesSection({ user }: { user: MyUser }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const devices = useTrustedDevices(user.emailAddress);
  const remove = useRemoveTrustedDevices(user.emailAddress);

  const handleRemove = (device: TrustedDevice | undefined) =>
    remove.mutate(device, {
      onSuccess: () =>
        notify(t(device ? 'signInHistory.trusted.removed' : 'signInHistory.trusted.removedAll'), {
          key: 'trusted-devices',
        }),
    });

  return (
    <ProfileSection
      id="trusted-devices"
      title={t('signInHistory.trusted.title')}
      hint={t('signInHistory.trusted.hint')}
    >
      {devices.isPending && <LoadingBar />}
      {devices.isError && (
        <FormAlert message={`${t('signInHistory.trusted.loadFailed')} ${describeError(t, devices.error)}`} />
      )}
      {devices.isSuccess && devices.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('signInHistory.trusted.empty')}
        </Typography>
      )}
      {devices.isSuccess && devices.data.length > 0 && (
        <>
          <Box component="ul" aria-labelledby="trusted-devices-title" sx={{ m: 0, p: 0 }}>
            {devices.data.map((device) => (
              <DeviceRow
                key={device.publicId}
                device={device}
                disabled={remove.isPending}
                onRemove={() => handleRemove(device)}
              />
            ))}
          </Box>
          <Button
            color="error"
            onClick={() => handleRemove(undefined)}
            disabled={remove.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('signInHistory.trusted.removeAll')}
          </Button>
        </>
      )}
      {remove.isError && (
        <FormAlert message={`${t('signInHistory.trusted.removeFailed')} ${describeError(t, remove.error)}`} />
      )}
    </ProfileSection>
  );
}

function DeviceRow(props: { device: TrustedDevice; disabled: boolean; onRemove: () => void }) {
  const { device, disabled, onRemove } = props;
  const { t } = useTranslation();
  const client = device.client ?? t('signInHistory.unknownClient');
  const when = [
    t('signInHistory.trusted.trustedOn', { date: formatDateTime(device.createdOn) }),
    device.lastUsedOn && t('signInHistory.trusted.lastUsed', { date: formatDateTime(device.lastUsedOn) }),
    t('signInHistory.trusted.expires', { date: formatDateTime(device.expiresOn) }),
  ].filter(Boolean);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', alignItems: 'center', listStyle: 'none' }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {client}
          </Typography>
          {device.current && (
            <Chip size="small" color="primary" label={t('signInHistory.trusted.thisBrowser')} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[device.address, ...when].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('signInHistory.trusted.removeLabel', { client })}
      >
        {t('signInHistory.trusted.remove')}
      </Button>
    </Stack>
  );
}
