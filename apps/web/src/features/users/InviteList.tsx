import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import type { UserInvite } from '@fleetgate/contracts';
import { IconAction } from './IconAction.tsx';
import { formatDate } from '../../components/format/format-date.ts';

type InviteListProps = {
  invites: UserInvite[];
  busyPublicIds: ReadonlySet<string>;
  onCancel: (invite: UserInvite) => void;
};

export function InviteList({ invites, busyPublicIds, onCancel }: InviteListProps) {
  const { t } = useTranslation();
  if (invites.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        {t('users.noInvites')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('users.invites')}>
      {invites.map((invite) => {
        const values = {
          role: invite.role.name,
          inviter: invite.invitedBy?.name,
          date: formatDate(invite.expiresOn),
        };
        return (
          <Box
            component="li"
            key={invite.publicId}
            aria-label={invite.emailAddress}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: { xs: 2, sm: 3 },
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <Avatar sx={{ bgcolor: 'action.selected', color: 'text.secondary' }}>
              <MailOutline />
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {invite.emailAddress}
                {invite.expired && (
                  <Chip
                    label={t('users.expired')}
                    size="small"
                    color="warning"
                    variant="outlined"
                    sx={{ ml: 1 }}
                  />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {invite.invitedBy
                  ? t('users.inviteDetails', values)
                  : t('users.inviteDetailsNoInviter', values)}
              </Typography>
            </Box>
            <IconAction
              label={t('users.cancelInvite', { emailAddress: invite.emailAddress })}
              onClick={() => onCancel(invite)}
              disabled={busyPublicIds.has(invite.publicId)}
              edge="end"
            >
              <CloseOutlined />
            </IconAction>
          </Box>
        );
      })}
    </Box>
  );
}
