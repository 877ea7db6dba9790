import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import { useTranslation } from 'react-i18next';
import type { Group, GroupMember } from '@fleetgate/contracts';
import { formatDate, formatDateTime } from '../../components/format/format-date.ts';
import { AccessUntilDialog } from '../users/AccessUntilDialog.tsx';
import { IconAction } from '../users/IconAction.tsx';
import { firstErrorMessage } from '../users/user-error-text.ts';
import { useAssignableRoles, useCompanyUsers } from '../users/use-users.ts';
import {
  useAddGroupMember,
  useChangeGroupMemberUntil,
  useGroupMembers,
  useRemoveGroupMember,
} from './use-group-members.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

type GroupMembersDialogProps = { group: Group; onClose: () => void };

/**
 * Who holds a role in a group (device rights on its agents and subgroups), and until when:
 * add a member of the company with a role, set or clear the end of their access, remove them.
 */
export function GroupMembersDialog({ group, onClose }: GroupMembersDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const members = useGroupMembers(group.publicId);
  const users = useCompanyUsers();
  const roles = useAssignableRoles();
  const add = useAddGroupMember(group.publicId);
  const changeUntil = useChangeGroupMemberUntil(group.publicId);
  const remove = useRemoveGroupMember(group.publicId);
  const [user, setUser] = useState('');
  const [role, setRole] = useState('');
  const [limiting, setLimiting] = useState<GroupMember | null>(null);

  const present = new Set((members.data ?? []).map((member) => member.user.publicId));
  const candidates = (users.data ?? []).filter((candidate) => !present.has(candidate.publicId));
  const failure = add.error ?? remove.error;

  const handleAdd = () =>
    add.mutate(
      { user, role, expiresOn: null },
      {
        onSuccess: () => {
          setUser('');
          setRole('');
        },
      },
    );

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        aria-labelledby="group-members-title"
      >
        <DialogTitle id="group-members-title">{t('groups.members.title', { name: group.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('groups.members.text')}
          </Typography>
          {members.isPending && <LoadingBar />}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {firstErrorMessage(t, failure)}
            </Alert>
          )}
          {members.data && members.data.length === 0 && (
            <Typography sx={{ py: 1 }}>{t('groups.members.empty')}</Typography>
          )}
          <Box component="ul" aria-label={t('groups.members.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {(members.data ?? []).map((member) => (
              <Box
                component="li"
                key={member.publicId}
                aria-label={member.user.name}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {member.user.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {member.role.name}
                    {member.expiresOn && (
                      <Chip
                        label={t('users.accessUntil.chip', { date: formatDate(member.expiresOn) })}
                        title={formatDateTime(member.expiresOn)}
                        size="small"
                        color="warning"
                        variant="outlined"
                        icon={<HourglassEmptyOutlined />}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </Typography>
                </Box>
                <IconAction
                  label={t('users.accessUntil.action', { name: member.user.name })}
                  onClick={() => {
                    changeUntil.reset();
                    setLimiting(member);
                  }}
                >
                  <HourglassEmptyOutlined />
                </IconAction>
                <IconAction
                  label={t('groups.members.remove', { name: member.user.name })}
                  onClick={() => remove.mutate(member.publicId)}
                  disabled={remove.isPending}
                  edge="end"
                >
                  <PersonRemoveOutlined />
                </IconAction>
              </Box>
            ))}
          </Box>
          {users.data && roles.data && (
            <Box
              component="form"
              aria-label={t('groups.members.add')}
              onSubmit={(event) => {
                event.preventDefault();
                handleAdd();
              }}
              sx={{
                display: 'grid',
                gap: 2,
                mt: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
                alignItems: 'center',
              }}
            >
              <TextField
                select
                size="small"
                label={t('groups.members.member')}
                value={user}
                onChange={(event) => setUser(event.target.value)}
              >
                {candidates.map((candidate) => (
                  <MenuItem key={candidate.publicId} value={candidate.publicId}>
                    {candidate.name} ({candidate.emailAddress})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('groups.members.role')}
                value={role}
                onChange={(event) => setRole(event.target.value)}
              >
                {roles.data.map((option) => (
                  <MenuItem key={option.publicId} value={option.publicId}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" variant="outlined" disabled={!user || !role || add.isPending}>
                {t('groups.members.add')}
              </Button>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('groups.members.close')}</Button>
        </DialogActions>
      </Dialog>
      {limiting && (
        <AccessUntilDialog
          title={t('groups.members.untilTitle', { name: limiting.user.name, group: group.name })}
          text={t('groups.members.untilText', { name: limiting.user.name, group: group.name })}
          expiresOn={limiting.expiresOn}
          busy={changeUntil.isPending}
          error={changeUntil.isError ? firstErrorMessage(t, changeUntil.error) : undefined}
          onSave={(expiresOn) =>
            changeUntil.mutate(
              { publicId: limiting.publicId, expiresOn },
              { onSuccess: () => setLimiting(null) },
            )
          }
          onClose={() => setLimiting(null)}
        />
      )}
    </>
  );
}
