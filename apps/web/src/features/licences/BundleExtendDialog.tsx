import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeLicenceError } from './licence-errors.ts';
import { formatDate } from '../../components/format/format-date.ts';
import { useNotify } from '../../components/notify.tsx';
import { LicenceActionDialog } from './LicenceActionDialog.tsx';
import type { Licence } from './licence-wire.ts';
import { useExtendBundle } from './use-licences.ts';

/** Redeems a coupon code on a licence bundle (`LicenceBundleExtend/{publicId}`). */
export function BundleExtendDialog({ bundle, onClose }: { bundle: Licence; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const extend = useExtendBundle();
  const [couponCode, setCouponCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    setError(null);
    extend.mutate(
      { bundle: bundle.publicId, couponCode },
      {
        onSuccess: (extended) => {
          notify(
            t('licences.bundleExtend.done', {
              bundle: bundle.type.name,
              date: formatDate(extended.validUntil),
            }),
          );
          onClose();
        },
        onError: (failure) => setError(describeLicenceError(t, failure)),
      },
    );
  };

  return (
    <LicenceActionDialog
      titleId="bundle-extend-title"
      title={t('licences.bundleExtend.title', { bundle: bundle.type.name })}
      submitLabel={t('licences.bundleExtend.submit')}
      error={error}
      busy={extend.isPending}
      canSubmit={couponCode.trim() !== ''}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('licences.bundleExtend.body')}
      </Typography>
      <TextField
        label={t('licences.bundleExtend.couponCode')}
        value={couponCode}
        onChange={(event) => setCouponCode(event.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
        autoFocus
        fullWidth
      />
    </LicenceActionDialog>
  );
}
