import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SignInEventRow } from './SignInEventRow.tsx';
import { useMySignInEvents } from './use-sign-in-history.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** The user's own sign-in history: the newest ten, then ten more at a time. */
export function SignInHistorySection() {
  const { t } = useTranslation();
  const history = useMySignInEvents();
  const events = history.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <ProfileSection id="sign-in-history" title={t('signInHistory.title')} hint={t('signInHistory.hint')}>
      {history.isPending && <LoadingBar />}
      {history.isError && (
        <FormAlert message={`${t('signInHistory.loadFailed')} ${describeError(t, history.error)}`} />
      )}
      {history.isSuccess && events.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('signInHistory.empty')}
        </Typography>
      )}
      {events.length > 0 && (
        <Box component="ul" aria-labelledby="sign-in-history-title" sx={{ m: 0, p: 0 }}>
          {events.map((event) => (
            <SignInEventRow key={event.publicId} event={event} />
          ))}
        </Box>
      )}
      {history.hasNextPage && (
        <Button
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('signInHistory.showMore')}
        </Button>
      )}
    </ProfileSection>
  );
}
