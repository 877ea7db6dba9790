import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MyUserInvite } from '@fleetgate/contracts';
import { LetterAvatar } from '../../components/LetterAvatar.tsx';

type MyInvitationListProps = {
  invites: MyUserInvite[];
  busyPublicId: string | null;
  onAccept: (invite: MyUserInvite) => void;
  onReject: (invite: MyUserInvite) => void;
};

export function MyInvitationList({ invites, busyPublicId, onAccept, onReject }: MyInvitationListProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label={t('users.myInvites.title')}
    >
      {invites.map((invite) => {
        const values = { role: invite.role.name, inviter: invite.invitedBy?.name };
        const busy = busyPublicId !== null;
        return (
          <Box
            component="li"
            key={invite.publicId}
            aria-label={invite.company.name}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 2,
              p: 2,
              border: 1,
              borderColor: 'primary.light',
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            <LetterAvatar name={invite.company.name} variant="rounded" />
            <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {invite.company.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {invite.invitedBy
                  ? t('users.myInvites.details', values)
                  : t('users.myInvites.detailsNoInviter', values)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
              <Button onClick={() => onReject(invite)} disabled={busy}>
                {t('users.myInvites.reject')}
              </Button>
              <Button
                variant="contained"
                onClick={() => onAccept(invite)}
                disabled={busy}
                loading={busyPublicId === invite.publicId}
              >
                {t('users.myInvites.accept')}
              </Button>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
