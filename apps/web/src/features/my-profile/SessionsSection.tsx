import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MySession } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { formatDateTime } from '../../components/format/format-date.ts';
import { useNotify } from '../../components/notify.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './use-account.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** The user's sessions (access tokens): this one marked, any other ended with one click. */
export function SessionsSection() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current);
  const failure = revoke.error ?? revokeOthers.error;

  const handleRevoke = (publicId: string) =>
    revoke.mutate(publicId, {
      onSuccess: () => notify(t('profileAccount.sessions.revoked'), { key: 'sessions' }),
    });
  const handleRevokeOthers = () =>
    revokeOthers.mutate(
      others.map((session) => session.publicId),
      { onSuccess: () => notify(t('profileAccount.sessions.othersRevoked'), { key: 'sessions' }) },
    );

  return (
    <ProfileSection
      id="sessions"
      title={t('profileAccount.sessions.title')}
      hint={t('profileAccount.sessions.hint')}
    >
      {sessions.isPending && <LoadingBar />}
      {sessions.isError && (
        <FormAlert
          message={`${t('profileAccount.sessions.loadFailed')} ${describeError(t, sessions.error)}`}
        />
      )}
      {failure && (
        <FormAlert message={`${t('profileAccount.sessions.failed')} ${describeError(t, failure)}`} />
      )}
      {sessions.data && (
        <List disablePadding aria-labelledby="sessions-title">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.publicId}
              session={session}
              busy={revoke.isPending && revoke.variables === session.publicId}
              onRevoke={handleRevoke}
            />
          ))}
        </List>
      )}
      {others.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          loading={revokeOthers.isPending}
          onClick={handleRevokeOthers}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('profileAccount.sessions.revokeOthers')}
        </Button>
      )}
    </ProfileSection>
  );
}

type SessionItemProps = { session: MySession; busy: boolean; onRevoke: (publicId: string) => void };

function SessionItem({ session, busy, onRevoke }: SessionItemProps) {
  const { t } = useTranslation();
  const unknown = t('profileAccount.sessions.unknown');
  const created = formatDateTime(session.createdOn);
  const client = session.client ?? unknown;
  return (
    <ListItem
      divider
      disableGutters
      data-session={session.publicId}
      sx={{
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 1,
      }}
    >
      <Stack spacing={0.25} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {client}
          </Typography>
          {session.current && (
            <Chip size="small" color="primary" label={t('profileAccount.sessions.current')} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('profileAccount.sessions.created')}: {created} · {t('profileAccount.sessions.lastUsed')}:{' '}
          {session.lastUsedOn ? formatDateTime(session.lastUsedOn) : unknown} ·{' '}
          {t('profileAccount.sessions.address')}: {session.address ?? unknown}
        </Typography>
      </Stack>
      {!session.current && (
        <Button
          size="small"
          color="error"
          loading={busy}
          onClick={() => onRevoke(session.publicId)}
          aria-label={t('profileAccount.sessions.revokeLabel', { client, created })}
          sx={{ flexShrink: 0 }}
        >
          {t('profileAccount.sessions.revoke')}
        </Button>
      )}
    </ListItem>
  );
}
