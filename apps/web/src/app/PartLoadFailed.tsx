import { createContext, useContext, useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Loads a lazily loaded part again; given by the part whose code could not be fetched. */
export const RetryPartContext = createContext<() => void>(() => {});

/**
 * In place of a part whose code could not be fetched (offline, or a new build replaced the
 * chunk): says so and tries again on Retry and when the browser is back online, instead of
 * failing the whole page.
 */
export function PartLoadFailed() {
  const { t } = useTranslation();
  const retry = useContext(RetryPartContext);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  // Plain parts only: this is in the first load, and it shows when nothing more can be fetched.
  return (
    <Box
      role="alert"
      sx={{
        m: 2,
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        border: 1,
        borderColor: 'warning.main',
        borderRadius: 1,
      }}
    >
      <Typography sx={{ flex: '1 1 240px' }}>{t('app.partLoadFailed')}</Typography>
      <Button variant="outlined" onClick={retry}>
        {t('app.retry')}
      </Button>
    </Box>
  );
}
