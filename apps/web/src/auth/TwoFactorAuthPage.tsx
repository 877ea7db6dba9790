import { Navigate, useLocation, useNavigate } from 'react-router';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { OneTimeCodeForm, type CodeStepValues } from './OneTimeCodeForm.tsx';
import { PasskeySignInButton } from './PasskeySignInButton.tsx';
import { clearPendingSignIn, pendingSignIn } from './pending-sign-in.ts';
import { blockFrom, storeBlock } from './sign-in-block.ts';
import { useContinueAfterLogIn } from './use-continue-after-log-in.ts';
import { useLogIn } from './use-log-in.ts';

/**
 * `/two-factor-auth`: the code step of a password sign-in. The credentials come from the login
 * page in memory only; without them (a reload, a bookmark) the step starts over at /login. An
 * account with a passkey may use it instead of a code (a passkey sign-in is two factors by
 * itself); an account with passkeys only sees no code field.
 */
export function TwoFactorAuthPage() {
  const logIn = useLogIn();
  const continueAfterLogIn = useContinueAfterLogIn();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = pendingSignIn();
  const toLogin = { pathname: '/login', search: location.search };
  if (!pending) return <Navigate to={toLogin} replace />;

  const handleBack = () => {
    clearPendingSignIn();
    void navigate(toLogin, { replace: true });
  };

  const handleCode = async ({ oneTimePassword, trustDevice }: CodeStepValues) => {
    try {
      await logIn.mutateAsync({ ...pending, oneTimePassword: oneTimePassword.trim(), trustDevice });
    } catch (error) {
      const block = blockFrom(error, pending.emailAddress, Date.now());
      if (!block) throw error;
      // The block holds for the account whatever code comes next: the login page shows it.
      storeBlock(block);
      handleBack();
      return;
    }
    clearPendingSignIn();
    await continueAfterLogIn();
  };

  const handlePasskeySignedIn = () => {
    clearPendingSignIn();
    void continueAfterLogIn();
  };

  const hasPasskey = pending.secondFactors.includes('passkey');
  return (
    <CenteredLayout>
      <OneTimeCodeForm
        emailAddress={pending.emailAddress}
        acceptsCodes={pending.secondFactors.includes('totp') || !hasPasskey}
        onSubmit={handleCode}
        onBack={handleBack}
        alternative={hasPasskey ? <PasskeySignInButton onSignedIn={handlePasskeySignedIn} /> : undefined}
      />
    </CenteredLayout>
  );
}
