import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { useTranslation } from 'react-i18next';
import type { CompanyUser, UserInvite } from '@fleetgate/contracts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { useAudiences } from '../access-categories/use-audiences.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { InviteList } from './InviteList.tsx';
import { InviteUserDialog } from './InviteUserDialog.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { MemberList } from './MemberList.tsx';
import { AccessUntilDialog } from './AccessUntilDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCancelInvite, useInviteUser, useInvites } from './use-invites.ts';
import {
  useAssignableRoles,
  useChangeAccessUntil,
  useChangeAudience,
  useChangeRole,
  useCompanyUsers,
  useRemoveMember,
} from './use-users.ts';
import { firstErrorMessage } from './user-error-text.ts';
import { useClosable } from './use-closable.ts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** Membership failures show the server's first error message for 3 s. */
const membershipNoticeMs = 3000;

export function UsersPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const me = useCurrentUser();
  const users = useCompanyUsers();
  const roles = useAssignableRoles();
  const audiences = useAudiences();
  const invites = useInvites();
  const changeRole = useChangeRole();
  const changeAudience = useChangeAudience();
  const removeMember = useRemoveMember();
  const inviteUser = useInviteUser();
  const cancelInvite = useCancelInvite();
  const [inviteOpen, setInviteOpen] = useState(false);
  // A new key per opening gives the dialog a fresh form, while closing keeps its transition.
  const [inviteKey, setInviteKey] = useState(0);
  const removing = useClosable<CompanyUser>();
  const changeAccessUntil = useChangeAccessUntil();
  const [limiting, setLimiting] = useState<CompanyUser | null>(null);

  const notifyFailure = (error: unknown) =>
    notify(firstErrorMessage(t, error), { durationMs: membershipNoticeMs });

  const busyUsers = new Set<string>();
  if (changeRole.isPending && changeRole.variables) busyUsers.add(changeRole.variables.userPublicId);
  if (changeAudience.isPending && changeAudience.variables) {
    const pending = users.data?.find(
      (u) => u.membership.publicId === changeAudience.variables.membershipPublicId,
    );
    if (pending) busyUsers.add(pending.publicId);
  }
  const busyInvites = new Set(
    cancelInvite.isPending && cancelInvite.variables ? [cancelInvite.variables] : [],
  );

  const handleRoleChange = (user: CompanyUser, rolePublicId: string) => {
    changeRole.mutate(
      { userPublicId: user.publicId, rolePublicId },
      {
        onSuccess: (membership) =>
          notify(t('users.roleChanged', { name: user.name, role: membership.role.name }), {
            durationMs: membershipNoticeMs,
          }),
        onError: notifyFailure,
      },
    );
  };

  const handleAudienceChange = (user: CompanyUser, audiencePublicId: string | null) => {
    changeAudience.mutate(
      { membershipPublicId: user.membership.publicId, audiencePublicId },
      { onError: notifyFailure },
    );
  };

  const handleRemove = () => {
    const user = removing.value;
    if (!user) return;
    removeMember.mutate(user.membership.publicId, {
      onSuccess: () => notify(t('users.removed', { name: user.name }), { durationMs: membershipNoticeMs }),
      onError: notifyFailure,
      onSettled: removing.close,
    });
  };

  const handleAccessUntil = (expiresOn: string | null) => {
    const user = limiting;
    if (!user) return;
    changeAccessUntil.mutate(
      { membershipPublicId: user.membership.publicId, expiresOn },
      {
        onSuccess: () => {
          setLimiting(null);
          notify(
            expiresOn
              ? t('users.accessUntil.set', { name: user.name, date: formatDateTime(expiresOn) })
              : t('users.accessUntil.cleared', { name: user.name }),
            { durationMs: membershipNoticeMs },
          );
        },
      },
    );
  };

  const handleInvite = async (values: { emailAddress: string; rolePublicId: string }) => {
    await inviteUser.mutateAsync(values);
    setInviteOpen(false);
    notify(t('users.invited', { emailAddress: values.emailAddress }), { durationMs: membershipNoticeMs });
  };

  const handleCancelInvite = (invite: UserInvite) => {
    cancelInvite.mutate(invite.publicId, {
      onSuccess: () =>
        notify(t('users.inviteCancelled', { emailAddress: invite.emailAddress }), { durationMs: 3000 }),
      onError: notifyFailure,
    });
  };

  const loading = users.isPending || roles.isPending || audiences.isPending;
  const failed = users.isError || roles.isError;

  return (
    <>
      <PageHeader
        gutterBottom
        title={t('users.title')}
        subtitle={t('users.subtitle', { company: me.company?.name ?? '' })}
        action={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => {
              setInviteKey((key) => key + 1);
              setInviteOpen(true);
            }}
            disabled={!roles.data}
            sx={{ flexShrink: 0 }}
          >
            {t('users.invite')}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="members-title">
          <CardHeader
            title={t('users.members')}
            subheader={users.data ? t('users.membersCount', { count: users.data.length }) : undefined}
            slotProps={{ title: { id: 'members-title', variant: 'h6', component: 'h2' } }}
          />
          <Divider />
          {loading && !failed && <LoadingBar />}
          {failed && (
            <Stack sx={{ p: 2 }}>
              <LoadFailed
                message={t('users.loadFailed')}
                retryLabel={t('users.retry')}
                onRetry={() => void Promise.all([users.refetch(), roles.refetch()])}
              />
            </Stack>
          )}
          {users.data && roles.data && (
            <MemberList
              users={users.data}
              roles={roles.data}
              audiences={audiences.data ?? []}
              currentUserPublicId={me.publicId}
              busyUserPublicIds={busyUsers}
              onRoleChange={handleRoleChange}
              onAudienceChange={handleAudienceChange}
              onRemove={removing.show}
              onAccessUntil={(user) => {
                changeAccessUntil.reset();
                setLimiting(user);
              }}
            />
          )}
        </Card>
        <Card component="section" aria-labelledby="invites-title">
          <CardHeader
            title={t('users.invites')}
            slotProps={{ title: { id: 'invites-title', variant: 'h6', component: 'h2' } }}
          />
          <Divider />
          {invites.isPending && <LoadingBar />}
          {invites.isError && (
            <Stack sx={{ p: 2 }}>
              <LoadFailed
                message={t('users.loadFailed')}
                retryLabel={t('users.retry')}
                onRetry={() => void invites.refetch()}
              />
            </Stack>
          )}
          {invites.data && (
            <InviteList invites={invites.data} busyPublicIds={busyInvites} onCancel={handleCancelInvite} />
          )}
        </Card>
      </Stack>
      <InviteUserDialog
        key={inviteKey}
        open={inviteOpen}
        roles={roles.data ?? []}
        onSubmit={handleInvite}
        onClose={() => setInviteOpen(false)}
      />
      {limiting && (
        <AccessUntilDialog
          title={t('users.accessUntil.title', { name: limiting.name })}
          text={t('users.accessUntil.text', { name: limiting.name, company: me.company?.name ?? '' })}
          expiresOn={limiting.membership.expiresOn}
          busy={changeAccessUntil.isPending}
          error={changeAccessUntil.isError ? firstErrorMessage(t, changeAccessUntil.error) : undefined}
          onSave={handleAccessUntil}
          onClose={() => setLimiting(null)}
        />
      )}
      <ConfirmDialog
        open={removing.open}
        title={t('users.removeTitle', { name: removing.value?.name ?? '' })}
        text={t('users.removeText', {
          name: removing.value?.name ?? '',
          emailAddress: removing.value?.emailAddress ?? '',
          company: me.company?.name ?? '',
        })}
        confirmLabel={t('users.removeConfirm')}
        cancelLabel={t('users.cancel')}
        busy={removeMember.isPending}
        onConfirm={handleRemove}
        onClose={removing.close}
      />
    </>
  );
}
