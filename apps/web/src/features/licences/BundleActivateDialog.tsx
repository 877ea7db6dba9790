import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeLicenceError } from './licence-errors.ts';
import { useNotify } from '../../components/notify.tsx';
import { LicenceActionDialog } from './LicenceActionDialog.tsx';
import { devicesWithoutBundle } from './licence-rules.ts';
import type { Licence } from './licence-wire.ts';
import { useActivateBundle, useDeviceOptions } from './use-licences.ts';

/** Picks a device that does not use the bundle yet and activates the bundle on it (`AgentLicenceBundleActivate`). */
export function BundleActivateDialog({ bundle, onClose }: { bundle: Licence; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const devices = useDeviceOptions(true);
  const activate = useActivateBundle();
  const [device, setDevice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = devicesWithoutBundle(devices.data ?? [], bundle);

  const handleSubmit = () => {
    setError(null);
    const chosen = options.find((option) => option.publicId === device);
    activate.mutate(
      { agent: device, bundle: bundle.publicId },
      {
        onSuccess: () => {
          notify(t('licences.bundleActivate.done', { bundle: bundle.type.name, device: chosen?.name ?? '' }));
          onClose();
        },
        onError: (failure) => setError(describeLicenceError(t, failure)),
      },
    );
  };

  return (
    <LicenceActionDialog
      titleId="bundle-activate-title"
      title={t('licences.bundleActivate.title', { bundle: bundle.type.name })}
      submitLabel={t('licences.bundleActivate.submit')}
      error={error}
      busy={activate.isPending}
      canSubmit={device !== ''}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      {devices.isSuccess && options.length === 0 ? (
        <Typography color="text.secondary">{t('licences.bundleActivate.noDevices')}</Typography>
      ) : (
        <TextField
          select
          label={t('licences.bundleActivate.device')}
          value={device}
          onChange={(event) => setDevice(event.target.value)}
          disabled={!devices.isSuccess}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.publicId} value={option.publicId}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </LicenceActionDialog>
  );
}
