import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { useCompanyId } from '../../auth/session.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormHeading } from '../../components/form/FormHeading.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { AccountSection } from './AccountSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { SignInHistorySection } from './SignInHistorySection.tsx';
import { TrustedDevicesSection } from './TrustedDevicesSection.tsx';
import { PasskeysSection } from '../passkeys/PasskeysSection.tsx';
import { useMyProfile } from './use-my-profile.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/**
 * The sections of the page, in order. Each gets the signed-in user (outside any company) and
 * saves its own part; later sections (profile, password, two-factor, sessions) join this list.
 */
const sections: { id: string; Section: (props: { user: MyUser }) => React.ReactNode }[] = [
  { id: 'account', Section: AccountSection },
  { id: 'language', Section: LanguageSection },
  { id: 'password', Section: PasswordSection },
  { id: 'two-factor', Section: TwoFactorSection },
  { id: 'sessions', Section: SessionsSection },
  { id: 'trusted-devices', Section: TrustedDevicesSection },
  { id: 'sign-in-history', Section: SignInHistorySection },
  { id: 'passkeys', Section: PasskeysSection },
];

/** `/my-profile`: the signed-in user's own settings, outside any company's shell. */
export function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  // Back into the company worked in, or to choosing one.
  const back = useCompanyId() ? '/' : '/my-companies';

  return (
    <CenteredLayout width={640}>
      <Stack spacing={3}>
        <FormHeading title={t('myProfile.title')} subtitle={t('myProfile.subtitle')} />
        {profile.isPending && <LoadingBar />}
        {profile.isError && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormAlert message={`${t('myProfile.loadFailed')} ${describeError(t, profile.error)}`} />
            <Button onClick={() => void profile.refetch()}>{t('myProfile.retry')}</Button>
          </Stack>
        )}
        {profile.data &&
          sections.map(({ id, Section }) => (
            <Fragment key={id}>
              <Divider />
              <Section user={profile.data} />
            </Fragment>
          ))}
        <Divider />
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
          {t('myProfile.back')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
