import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { useTranslation } from 'react-i18next';
import type { AssignableRole, Audience, CompanyUser } from '@fleetgate/contracts';
import { LetterAvatar } from '../../components/LetterAvatar.tsx';
import { IconAction } from './IconAction.tsx';
import { formatDate, formatDateTime } from '../../components/format/format-date.ts';

type MemberListProps = {
  users: CompanyUser[];
  /** Roles the signed-in user may give; members holding any other role are out of reach. */
  roles: AssignableRole[];
  audiences: Audience[];
  currentUserPublicId: string;
  busyUserPublicIds: ReadonlySet<string>;
  onRoleChange: (user: CompanyUser, rolePublicId: string) => void;
  onAudienceChange: (user: CompanyUser, audiencePublicId: string | null) => void;
  onRemove: (user: CompanyUser) => void;
  /** Opens the "Access until" dialog for a member (temporary access). */
  onAccessUntil: (user: CompanyUser) => void;
};

const noAudience = '';

export function MemberList({
  users,
  roles,
  audiences,
  currentUserPublicId,
  busyUserPublicIds,
  onRoleChange,
  onAudienceChange,
  onRemove,
  onAccessUntil,
}: MemberListProps) {
  const { t } = useTranslation();
  const grantable = new Set(roles.map((role) => role.publicId));
  const showAudiences = audiences.length > 0;

  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('users.members')}>
      {users.map((user) => {
        const busy = busyUserPublicIds.has(user.publicId);
        const reachable = grantable.has(user.role.publicId);
        const roleOptions = reachable ? roles : [...roles, { ...user.role, builtIn: false }];
        return (
          <Box
            component="li"
            key={user.publicId}
            aria-label={user.name}
            sx={{
              display: 'grid',
              alignItems: 'center',
              columnGap: 2,
              rowGap: 1.5,
              px: { xs: 2, sm: 3 },
              py: 2,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
              gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', md: 'auto minmax(0, 1fr) auto auto' },
              gridTemplateAreas: {
                xs: `"avatar name remove" "fields fields fields"`,
                md: `"avatar name fields remove"`,
              },
            }}
          >
            <Box sx={{ gridArea: 'avatar' }}>
              <LetterAvatar name={user.name} />
            </Box>
            <Box sx={{ gridArea: 'name', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {user.name}
                {user.publicId === currentUserPublicId && (
                  <Chip label={t('users.you')} size="small" variant="outlined" sx={{ ml: 1 }} />
                )}
                {user.membership.expiresOn && (
                  <Chip
                    label={t('users.accessUntil.chip', { date: formatDate(user.membership.expiresOn) })}
                    title={formatDateTime(user.membership.expiresOn)}
                    size="small"
                    color="warning"
                    variant="outlined"
                    icon={<HourglassEmptyOutlined />}
                    sx={{ ml: 1 }}
                  />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.emailAddress}
              </Typography>
            </Box>
            <Box
              sx={{
                gridArea: 'fields',
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: showAudiences ? '1fr 1fr' : '1fr',
                  md: showAudiences ? '220px 220px' : '220px',
                },
              }}
            >
              <TextField
                select
                size="small"
                label={t('users.role')}
                value={user.role.publicId}
                disabled={busy || !reachable}
                onChange={(event) => onRoleChange(user, event.target.value)}
              >
                {roleOptions.map((role) => (
                  <MenuItem
                    key={role.publicId}
                    value={role.publicId}
                    disabled={!grantable.has(role.publicId)}
                  >
                    {role.name}
                  </MenuItem>
                ))}
              </TextField>
              {showAudiences && (
                <TextField
                  select
                  size="small"
                  label={t('users.accessCategory')}
                  value={user.audience?.publicId ?? noAudience}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  disabled={busy || !reachable}
                  onChange={(event) => onAudienceChange(user, event.target.value || null)}
                >
                  <MenuItem value={noAudience}>
                    <em>{t('users.noAccessCategory')}</em>
                  </MenuItem>
                  {audiences.map((audience) => (
                    <MenuItem key={audience.publicId} value={audience.publicId}>
                      {audience.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
            <Box sx={{ gridArea: 'remove', display: 'flex' }}>
              <IconAction
                label={t('users.accessUntil.action', { name: user.name })}
                onClick={() => onAccessUntil(user)}
                // The end of one's own access is for another member to change (the server says so too).
                disabled={busy || !reachable || user.publicId === currentUserPublicId}
              >
                <HourglassEmptyOutlined />
              </IconAction>
              <IconAction
                label={t('users.remove', { name: user.name })}
                onClick={() => onRemove(user)}
                disabled={busy || !reachable}
                edge="end"
              >
                <PersonRemoveOutlined />
              </IconAction>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
