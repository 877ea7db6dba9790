import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { RequestAccessDialog } from '../devices/RequestAccessDialog.tsx';
import { useAgent, useRequestAsset } from '../devices/use-devices.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

type AssetRequestAccessDialogProps = { assetPublicId: string; onClose: () => void };

/**
 * Requesting access to an asset: loads the asset (waiting up to 60 s) and its agent, then the
 * request dialog for the agent's services naming the asset. An asset reached through no agent
 * cannot be requested: "No Agent reference".
 */
export function AssetRequestAccessDialog({ assetPublicId, onClose }: AssetRequestAccessDialogProps) {
  const { t } = useTranslation();
  const asset = useRequestAsset(assetPublicId);
  const agentId = asset.data?.agent?.publicId;
  const agent = useAgent(agentId ?? '', agentId !== undefined);

  if (asset.data && agent.data)
    return (
      <RequestAccessDialog
        agent={agent.data}
        asset={{ publicId: asset.data.publicId, name: asset.data.name }}
        onClose={onClose}
      />
    );

  let body: React.ReactNode;
  if (asset.isError || agent.isError) {
    body = (
      <Alert severity="error" variant="outlined">
        {t('devices.request.assetLoadFailed')}
      </Alert>
    );
  } else if (asset.data && !asset.data.agent) {
    body = (
      <Alert severity="info" variant="outlined">
        {t('devices.request.noAgentReference')}
      </Alert>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <LoadingIndicator label={t('devices.request.assetLoading')} />
      </Box>
    );
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="request-asset-access-title">
      <DialogTitle id="request-asset-access-title" sx={{ pb: 0.5 }}>
        {t('devices.request.title')}
      </DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('devices.request.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
