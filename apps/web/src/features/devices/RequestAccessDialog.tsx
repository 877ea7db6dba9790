import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { pickerLocaleText } from '../../components/form/picker-locale-text.ts';
import { pickerLocale } from './picker-locale.ts';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { RequestAccessForm } from './RequestAccessForm.tsx';
import { useApprovers, type RequestTarget } from './use-devices.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type RequestAccessDialogProps = {
  agent: Agent;
  /** A request for this asset (reached through `agent`); none to request the agent itself. */
  asset?: { publicId: string; name: string } | undefined;
  onClose: () => void;
};

/** A view of the dialog that only informs: the submitted confirmation and "unable to request". */
function OutcomeView({
  icon,
  title,
  body,
  onClose,
}: {
  icon: React.ReactNode;
  title: string;
  body: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        <Stack spacing={1.5} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          {icon}
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography color="text.secondary">{body}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('devices.request.close')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The request access dialog of the portal spec: the form, then a submitted confirmation; with no
 * approvers an unable-to-request message instead of the form. Escape or a click beside it asks
 * before throwing away changes.
 */
export function RequestAccessDialog({ agent, asset, onClose }: RequestAccessDialogProps) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const target: RequestTarget = asset
    ? { kind: 'Asset', publicId: asset.publicId }
    : { kind: 'Agent', publicId: agent.publicId };
  const approvers = useApprovers(target);
  const [dirty, setDirty] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const [submitted, setSubmitted] = useState<AccessRequest | null>(null);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  // Escape and backdrop clicks: unsent changes are only thrown away when the user confirms.
  const handleDialogClose = () => {
    if (dirty && !submitted) setAskDiscard(true);
    else onClose();
  };

  // A 403: the user's rights for this device do not include requesting access.
  const forbidden = approvers.error instanceof ApiError && approvers.error.status === 403;
  let content: React.ReactNode;
  if (submitted) {
    const names = submitted.allowedApprovers.map((approver) => approver.name).join(', ');
    content = (
      <OutcomeView
        icon={<CheckCircleOutline color="success" sx={{ fontSize: 48 }} />}
        title={t('devices.request.submittedTitle')}
        body={t('devices.request.submittedBody', { approvers: names })}
        onClose={onClose}
      />
    );
  } else if (approvers.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <LoadingIndicator label={t('devices.request.loading')} />
      </Box>
    );
  } else if (approvers.isError) {
    content = (
      <DialogContent>
        <Alert
          severity={forbidden ? 'info' : 'error'}
          variant="outlined"
          action={
            forbidden ? undefined : (
              <Button color="inherit" size="small" onClick={() => void approvers.refetch()}>
                {t('devices.retry')}
              </Button>
            )
          }
        >
          {forbidden ? t('devices.request.forbidden') : t('devices.request.loadFailed')}
        </Alert>
      </DialogContent>
    );
  } else if (approvers.data.length === 0) {
    content = (
      <OutcomeView
        icon={<PersonOffOutlined color="disabled" sx={{ fontSize: 48 }} />}
        title={t('devices.request.unableTitle')}
        body={t('devices.request.unableBody')}
        onClose={onClose}
      />
    );
  } else {
    content = (
      <RequestAccessForm
        agent={agent}
        target={target}
        approvers={approvers.data}
        onCancel={onClose}
        onDirtyChange={onDirtyChange}
        onSubmitted={setSubmitted}
      />
    );
  }

  const locale = pickerLocale(i18n.language);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.adapterLocale}
      localeText={{ ...locale.localeText, ...pickerLocaleText(t) }}
    >
      <Dialog
        open
        onClose={handleDialogClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        aria-labelledby="request-access-title"
      >
        <DialogTitle id="request-access-title" sx={{ pb: 0.5 }}>
          {t('devices.request.title')}
        </DialogTitle>
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
          {asset
            ? t('devices.request.subtitleAsset', { asset: asset.name, agent: agent.name })
            : t('devices.request.subtitle', { name: agent.name })}
        </Typography>
        {content}
      </Dialog>
      <DiscardChangesDialog
        open={askDiscard}
        body={t('devices.request.discardBody')}
        onKeepEditing={() => setAskDiscard(false)}
        onDiscard={() => {
          setAskDiscard(false);
          onClose();
        }}
      />
    </LocalizationProvider>
  );
}
