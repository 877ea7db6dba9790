import { useState } from 'react';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../api/api-error.ts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { LoginForm, type LoginValues } from './LoginForm.tsx';
import { useContinueAfterLogIn } from './use-continue-after-log-in.ts';
import { useLogIn } from './use-log-in.ts';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { lazyPart } from '../app/lazy-part.tsx';

/** Only accounts with two-factor sign-in need the second step, so it loads when reached. */
const OneTimeCodeForm = lazyPart(
  () => import('./OneTimeCodeForm.tsx'),
  'OneTimeCodeForm',
  <FullPageProgress />,
);

function needsOneTimePassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.hasMessage(errorMessages.otpRequired);
}

export function LoginPage() {
  const logIn = useLogIn();
  const continueAfterLogIn = useContinueAfterLogIn();
  // Credentials that passed but still need the second factor.
  const [awaitingCode, setAwaitingCode] = useState<LoginValues | null>(null);
  const [lastEmailAddress, setLastEmailAddress] = useState('');

  const handleCredentials = async (values: LoginValues) => {
    try {
      await logIn.mutateAsync(values);
    } catch (error) {
      if (needsOneTimePassword(error)) {
        setAwaitingCode(values);
        return;
      }
      throw error;
    }
    await continueAfterLogIn();
  };

  const handleCode = async (oneTimePassword: string) => {
    if (!awaitingCode) return;
    await logIn.mutateAsync({ ...awaitingCode, oneTimePassword });
    await continueAfterLogIn();
  };

  const handleBack = () => {
    setLastEmailAddress(awaitingCode?.emailAddress ?? '');
    setAwaitingCode(null);
  };

  return (
    <CenteredLayout>
      {awaitingCode ? (
        <OneTimeCodeForm emailAddress={awaitingCode.emailAddress} onSubmit={handleCode} onBack={handleBack} />
      ) : (
        <LoginForm
          defaultValues={{ emailAddress: lastEmailAddress, password: '' }}
          onSubmit={handleCredentials}
        />
      )}
    </CenteredLayout>
  );
}
