import { useDeferredValue, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SignInEventOutcome } from '@fleetgate/contracts';
import { SignInEventRow } from '../my-profile/SignInEventRow.tsx';
import { useSignInEvents } from './use-sign-in-events.ts';
import { LoadingIndicator } from '../../components/LoadingIndicator.tsx';

const outcomes: SignInEventOutcome[] = ['success', 'failure'];

/** The audit trail's Sign-ins tab: the members' sign-ins, narrowed by member and outcome. */
export function SignInsTab() {
  const { t } = useTranslation();
  const [member, setMember] = useState('');
  const [outcome, setOutcome] = useState<SignInEventOutcome | ''>('');
  // Typing does not send a request per key: the list follows once typing pauses for a render.
  const events = useSignInEvents(useDeferredValue(member), outcome);
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('signInHistory.audit.subtitle')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          size="small"
          label={t('signInHistory.audit.member')}
          placeholder={t('signInHistory.audit.memberHint')}
          value={member}
          onChange={(event) => setMember(event.target.value)}
          sx={{ width: 260 }}
        />
        <TextField
          select
          size="small"
          label={t('signInHistory.audit.outcome')}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as SignInEventOutcome | '')}
          sx={{ width: 200 }}
        >
          <MenuItem value="">{t('signInHistory.audit.allOutcomes')}</MenuItem>
          {outcomes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`signInHistory.outcome.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Card variant="outlined" sx={{ px: 2 }}>
        {events.isPending && (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <LoadingIndicator size={28} />
          </Box>
        )}
        {events.isError && (
          <Alert severity="error" sx={{ my: 2 }}>
            {t('signInHistory.loadFailed')}
          </Alert>
        )}
        {events.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {t('auditTrail.empty')}
          </Typography>
        )}
        {rows.length > 0 && (
          <Box component="ul" aria-label={t('signInHistory.audit.signInsTab')} sx={{ m: 0, p: 0 }}>
            {rows.map((event) => (
              <SignInEventRow key={event.publicId} event={event} showMember />
            ))}
          </Box>
        )}
      </Card>
      {events.hasNextPage && (
        <Box>
          <Button onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            {t('auditTrail.showOlder')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
