import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccessRequest, Agent } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog.tsx';

type RevokeConfirmDialogProps = {
  request: AccessRequest;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before revoking: the requester loses the access at once, and a VPN tunnel they have
 * open to the device closes. When the device can be read (approvers of a controlling company
 * may not see it), the dialog says whether the requester is connected right now.
 */
export function RevokeConfirmDialog({ request, busy, onConfirm, onClose }: RevokeConfirmDialogProps) {
  const { t } = useTranslation();
  const agent = useQuery({
    queryKey: ['Agent', request.agent.publicId, 'connectedUsers'],
    queryFn: () =>
      apiData<Pick<Agent, 'publicId' | 'connectedUsers'>>('Agent', {
        params: { publicId: request.agent.publicId },
        query: { fields: 'connectedUsers' },
      }),
    retry: false,
  });
  const connected = agent.data?.connectedUsers.some((user) => user.publicId === request.user.publicId);
  const names = { name: request.user.name, agent: request.agent.name };
  return (
    <ConfirmActionDialog
      title={t('accessRequests.revokeConfirm.title', names)}
      body={
        connected
          ? t('accessRequests.revokeConfirm.connected', names)
          : t('accessRequests.revokeConfirm.body', names)
      }
      confirmLabel={t('accessRequests.revokeConfirm.confirm')}
      cancelLabel={t('accessRequests.revokeConfirm.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      ids={{ title: 'revoke-confirm-title', body: 'revoke-confirm-body' }}
      focusCancel
    />
  );
}
