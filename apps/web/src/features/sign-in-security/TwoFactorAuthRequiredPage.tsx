import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useMyUser } from '../../auth/use-my-user.ts';
import { SignInRequiredFrame } from './SignInRequiredFrame.tsx';
import { signInBlockPaths } from './sign-in-block-paths.ts';

/**
 * `/two-factor-auth-required`: the company requires a second factor and this member has none
 * (their grace period is over). Set one up in my-profile, then "Check again" continues into the
 * company; another company or logging out are the ways elsewhere.
 */
export function TwoFactorAuthRequiredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myUser = useMyUser();
  const [stillMissing, setStillMissing] = useState(false);
  const [checking, setChecking] = useState(false);

  const handleCheckAgain = async () => {
    setChecking(true);
    const result = await myUser.refetch();
    setChecking(false);
    const blockedBy = result.data?.signInRules?.blockedBy;
    if (blockedBy === 'twoFactor' || result.isError) setStillMissing(true);
    else await navigate(blockedBy ? signInBlockPaths[blockedBy] : '/', { replace: true });
  };

  return (
    <SignInRequiredFrame icon={PhonelinkLockOutlined} title={t('signInSecurity.twoFactorRequired.title')}>
      {(user) => {
        // Opened while not (or no longer, or otherwise) blocked: on to where the rules allow.
        const blockedBy = user.signInRules?.blockedBy ?? null;
        if (blockedBy !== 'twoFactor' && !myUser.isFetching)
          return <Navigate to={blockedBy ? signInBlockPaths[blockedBy] : '/'} replace />;
        return (
          <>
            <Typography>
              {t('signInSecurity.twoFactorRequired.reason', { company: user.company.name })}
            </Typography>
            <Typography color="text.secondary">{t('signInSecurity.twoFactorRequired.howTo')}</Typography>
            {stillMissing && (
              <Alert severity="warning" role="alert">
                {t('signInSecurity.twoFactorRequired.stillMissing')}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" component={RouterLink} to="/my-profile">
                {t('signInSecurity.twoFactorRequired.setUp')}
              </Button>
              <Button variant="outlined" onClick={() => void handleCheckAgain()} disabled={checking}>
                {t('signInSecurity.twoFactorRequired.checkAgain')}
              </Button>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button component={RouterLink} to="/my-companies">
                {t('signInSecurity.twoFactorRequired.otherCompany')}
              </Button>
              <Button component={RouterLink} to="/logout">
                {t('signInSecurity.twoFactorRequired.logOut')}
              </Button>
            </Stack>
          </>
        );
      }}
    </SignInRequiredFrame>
  );
}
