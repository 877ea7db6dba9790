import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Login from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { useMyUser } from '../../auth/use-my-user.ts';
import { SignInRequiredFrame } from './SignInRequiredFrame.tsx';
import { signInBlockPaths } from './sign-in-block-paths.ts';

/**
 * `/sso-auth-required`: the company requires single sign-on and this session was made with a
 * password (or a passkey). Only a new sign-in through the company's identity provider helps:
 * the login page shows its button.
 */
export function SsoAuthRequiredPage() {
  const { t } = useTranslation();
  const myUser = useMyUser();
  return (
    <SignInRequiredFrame icon={Login} title={t('signInSecurity.ssoRequired.title')}>
      {(user) => {
        const blockedBy = user.signInRules?.blockedBy ?? null;
        if (blockedBy !== 'sso' && !myUser.isFetching)
          return <Navigate to={blockedBy ? signInBlockPaths[blockedBy] : '/'} replace />;
        return (
          <>
            <Typography>{t('signInSecurity.ssoRequired.reason', { company: user.company.name })}</Typography>
            <Typography color="text.secondary">{t('signInSecurity.ssoRequired.howTo')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" component={RouterLink} to="/logout">
                {t('signInSecurity.ssoRequired.logOut')}
              </Button>
              <Button component={RouterLink} to="/my-companies">
                {t('signInSecurity.ssoRequired.otherCompany')}
              </Button>
            </Stack>
          </>
        );
      }}
    </SignInRequiredFrame>
  );
}
