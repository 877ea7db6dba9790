import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeLicenceError } from './licence-errors.ts';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { BundleActivateDialog } from './BundleActivateDialog.tsx';
import { BundleExtendDialog } from './BundleExtendDialog.tsx';
import { LicenceTable, type BundleActions } from './LicenceTable.tsx';
import type { Licence, NamedRef } from './licence-wire.ts';
import { useLicenceBundles, useLicences, useLicencesLiveUpdates, useRemoveBundle } from './use-licences.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type Removal = { bundle: Licence; device: NamedRef } | null;

/** `/licenses`: the company's licences and licence bundles, and the bundles' devices. */
export function LicencesPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const licences = useLicences();
  const bundles = useLicenceBundles();
  const remove = useRemoveBundle();
  useLicencesLiveUpdates();
  const [activating, setActivating] = useState<Licence | null>(null);
  const [extending, setExtending] = useState<Licence | null>(null);
  const [removal, setRemoval] = useState<Removal>(null);

  const bundleActions: BundleActions = {
    onActivate: setActivating,
    onExtend: setExtending,
    onRemove: (bundle, device) => setRemoval({ bundle, device }),
  };

  const handleRemove = () => {
    if (!removal) return;
    const texts = { bundle: removal.bundle.type.name, device: removal.device.name };
    remove.mutate(
      { agent: removal.device.publicId, bundle: removal.bundle.publicId },
      {
        onSuccess: () => notify(t('licences.bundleRemove.done', texts)),
        onError: (error) => notify(describeLicenceError(t, error), { durationMs: 6000 }),
        onSettled: () => setRemoval(null),
      },
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <PageHeader title={t('licences.title')} subtitle={t('licences.subtitle')} />
      <LicenceSection
        id="licences-plain"
        title={t('licences.licences')}
        query={licences}
        emptyText={t('licences.empty')}
      />
      <LicenceSection
        id="licences-bundles"
        title={t('licences.bundles')}
        query={bundles}
        emptyText={t('licences.emptyBundles')}
        bundleActions={bundleActions}
      />
      {activating && <BundleActivateDialog bundle={activating} onClose={() => setActivating(null)} />}
      {extending && <BundleExtendDialog bundle={extending} onClose={() => setExtending(null)} />}
      {removal && (
        <ConfirmActionDialog
          ids={{ title: 'bundle-remove-title', body: 'bundle-remove-body' }}
          title={t('licences.bundleRemove.title')}
          body={t('licences.bundleRemove.body', {
            bundle: removal.bundle.type.name,
            device: removal.device.name,
          })}
          confirmLabel={t('licences.bundleRemove.confirm')}
          cancelLabel={t('licences.cancel')}
          busy={remove.isPending}
          onConfirm={handleRemove}
          onClose={() => setRemoval(null)}
          focusCancel
        />
      )}
    </Stack>
  );
}

type LicenceSectionProps = {
  id: string;
  title: string;
  query: UseQueryResult<Licence[]>;
  emptyText: string;
  bundleActions?: BundleActions;
};

function LicenceSection({ id, title, query, emptyText, bundleActions }: LicenceSectionProps) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {query.isPending && (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <LoadingIndicator size={28} />
        </Box>
      )}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('licences.retry')}
            </Button>
          }
        >
          {t('licences.loadFailed')}
        </Alert>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState icon={CardMembershipOutlined} text={emptyText} />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <LicenceTable label={title} licences={query.data} bundleActions={bundleActions} />
      )}
    </Box>
  );
}
