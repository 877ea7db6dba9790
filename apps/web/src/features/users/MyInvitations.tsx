import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MyUserInvite } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { useSelectCompany } from '../companies/use-select-company.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { MyInvitationList } from './MyInvitationList.tsx';
import { useAcceptInvite, useMyInvites, useRejectInvite } from './use-my-invites.ts';
import { firstErrorMessage } from './user-error-text.ts';

const InviteTermsDialog = lazyPart(() => import('../terms/InviteTermsDialog.tsx'), 'InviteTermsDialog', null);

/** Invitations waiting for the signed-in user: accepting one opens that company. Nothing shows without any. */
export function MyInvitations() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const invites = useMyInvites();
  const acceptInvite = useAcceptInvite();
  const rejectInvite = useRejectInvite();
  const selectCompany = useSelectCompany();
  const [reading, setReading] = useState<MyUserInvite | null>(null);

  if (!invites.data || invites.data.length === 0) return null;

  const handleFailure = (error: unknown) => notify(firstErrorMessage(t, error), { durationMs: 3000 });

  const join = (invite: MyUserInvite) => {
    setReading(null);
    acceptInvite.mutate(
      { publicId: invite.publicId, termsOfUsePolicy: invite.termsOfUse?.publicId },
      {
        onSuccess: (finished) => void selectCompany(finished.company.publicId),
        onError: handleFailure,
      },
    );
  };
  // A company with terms of use shows them first; accepting them joins.
  const handleAccept = (invite: MyUserInvite) => (invite.termsOfUse ? setReading(invite) : join(invite));

  const handleReject = (invite: MyUserInvite) => {
    rejectInvite.mutate(invite.publicId, {
      onSuccess: () =>
        notify(t('users.myInvites.rejected', { company: invite.company.name }), { durationMs: 3000 }),
      onError: handleFailure,
    });
  };

  const busyPublicId =
    (acceptInvite.isPending && acceptInvite.variables.publicId) ||
    (rejectInvite.isPending && rejectInvite.variables) ||
    null;

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="my-invitations-title">
      <Typography id="my-invitations-title" variant="h6" component="h2">
        {t('users.myInvites.title')}
      </Typography>
      <MyInvitationList
        invites={invites.data}
        busyPublicId={busyPublicId}
        onAccept={handleAccept}
        onReject={handleReject}
      />
      {reading?.termsOfUse && (
        <InviteTermsDialog
          companyName={reading.company.name}
          policy={reading.termsOfUse}
          onAccept={() => join(reading)}
          onCancel={() => setReading(null)}
        />
      )}
    </Stack>
  );
}
