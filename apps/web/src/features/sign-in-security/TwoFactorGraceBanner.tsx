import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { formatDate } from '../../components/format/format-date.ts';

const dismissedKey = (companyId: string) => `fleetgate.twoFactorGraceDismissed.${companyId}`;

/**
 * During a company's grace period for enforced two-factor: when the member must have a second
 * factor by. Dismissed for this browser tab's session only, so it comes back the next day.
 */
export function TwoFactorGraceBanner({ user }: { user: MyUser }) {
  const { t } = useTranslation();
  const companyId = user.company?.publicId ?? '';
  const endsOn = user.signInRules?.twoFactorGraceEndsOn ?? null;
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey(companyId)) === '1');
  if (endsOn === null || dismissed || !user.company) return null;

  const handleDismiss = () => {
    sessionStorage.setItem(dismissedKey(companyId), '1');
    setDismissed(true);
  };
  return (
    <Alert
      severity="warning"
      // An action replaces the Alert's own close button: both are given here.
      action={
        <>
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to="/my-profile"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('signInSecurity.graceBanner.setUp')}
          </Button>
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('signInSecurity.graceBanner.dismiss')}
            onClick={handleDismiss}
          >
            <Close fontSize="small" />
          </IconButton>
        </>
      }
      sx={{ mb: 2 }}
    >
      {t('signInSecurity.graceBanner.message', { company: user.company.name, date: formatDate(endsOn) })}
    </Alert>
  );
}
