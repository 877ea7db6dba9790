import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import type { SignInEvent } from '@fleetgate/contracts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { signInHistoryEn } from './sign-in-history.en.ts';

type KnownDetail = keyof typeof signInHistoryEn.details;
const isKnownDetail = (detail: string): detail is KnownDetail =>
  Object.hasOwn(signInHistoryEn.details, detail);

/**
 * One entry of a sign-in history: what happened and whether it worked (an icon AND a word, so
 * colour is never the only sign), when, from which client and address; with the member in the
 * audit trail.
 */
export function SignInEventRow({ event, showMember = false }: { event: SignInEvent; showMember?: boolean }) {
  const { t } = useTranslation();
  const succeeded = event.outcome === 'success';
  // A note another part records without a text here yet is shown as recorded.
  const detail =
    event.detail && (isKnownDetail(event.detail) ? t(`signInHistory.details.${event.detail}`) : event.detail);
  const where = [
    event.client ?? t('signInHistory.unknownClient'),
    event.address && t('signInHistory.from', { address: event.address }),
    event.attemptedEmailAddress &&
      t('signInHistory.attempted', { emailAddress: event.attemptedEmailAddress }),
  ].filter(Boolean);

  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start', listStyle: 'none' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', width: 130, flexShrink: 0 }}>
        {succeeded ? (
          <CheckCircleOutline fontSize="small" color="success" aria-hidden />
        ) : (
          <ErrorOutline fontSize="small" color="error" aria-hidden />
        )}
        <Typography
          variant="body2"
          sx={{ fontWeight: 500, color: succeeded ? 'success.dark' : 'error.dark' }}
        >
          {t(`signInHistory.outcome.${event.outcome}`)}
        </Typography>
      </Stack>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {showMember && event.user ? `${event.user.name} · ` : ''}
          {t(`signInHistory.kinds.${event.kind}`)}
          {detail ? ` (${detail})` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <time dateTime={event.createdOn}>{formatDateTime(event.createdOn)}</time>
          {' · '}
          {where.join(' · ')}
        </Typography>
        {showMember && event.user && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {event.user.emailAddress}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
