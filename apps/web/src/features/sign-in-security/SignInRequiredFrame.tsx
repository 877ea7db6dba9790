import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import CloudOff from '@mui/icons-material/CloudOff';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import { useCompanyId, useSession } from '../../auth/session.ts';
import { useMyUser } from '../../auth/use-my-user.ts';
import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { FullPageProgress } from '../../components/FullPageProgress.tsx';
import { ErrorCard } from '../errors/ErrorCard.tsx';

type SignInRequiredFrameProps = {
  icon: SvgIconComponent;
  title: string;
  /** What the page says and offers, given the user as seen in the selected company. */
  children: (user: MyUser & { company: NonNullable<MyUser['company']> }) => ReactNode;
};

/**
 * The frame of the pages a member sees while a company's sign-in rule keeps them out: the
 * company comes from MyUser (which answers them), outside the shell and its company calls.
 */
export function SignInRequiredFrame({ icon: Icon, title, children }: SignInRequiredFrameProps) {
  const { t } = useTranslation();
  const session = useSession();
  const companyId = useCompanyId();
  const myUser = useMyUser();

  // Logging out: whoever cleared the session is already navigating to /login.
  if (session === null) return <FullPageProgress />;
  if (companyId === null) return <Navigate to="/my-companies" replace />;
  if (myUser.isPending) return <FullPageProgress />;
  if (myUser.isError) {
    // A lost session is handled by the client (to the login page); the rest may be tried again.
    if (myUser.error instanceof ApiError && myUser.error.status === 401) return <FullPageProgress />;
    return (
      <CenteredLayout>
        <ErrorCard
          icon={CloudOff}
          title={t('errors.whoopsTitle')}
          subtitle={describeError(t, myUser.error)}
          actions={
            <Button variant="contained" onClick={() => void myUser.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          }
        />
      </CenteredLayout>
    );
  }
  const user = myUser.data;
  if (user.company === null) return <Navigate to="/my-companies" replace />;

  return (
    <CenteredLayout width={560}>
      <Stack spacing={2.5} sx={{ py: 1 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        </Stack>
        {children({ ...user, company: user.company })}
      </Stack>
    </CenteredLayout>
  );
}
