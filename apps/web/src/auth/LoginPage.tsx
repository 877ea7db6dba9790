import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessages, type SecondFactorKind } from '@fleetgate/contracts';
import { ApiError } from '../api/api-error.ts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { LoginForm, type LoginValues } from './LoginForm.tsx';
import { blockEndText, blockFrom, storeBlock, useSignInBlock } from './sign-in-block.ts';
import { useContinueAfterLogIn } from './use-continue-after-log-in.ts';
import { useLogIn } from './use-log-in.ts';
import { lazyPart } from '../app/lazy-part.tsx';
import { setPendingSignIn, takeReturningEmailAddress } from './pending-sign-in.ts';

/** Shown only to a browser that stored a sign-in block, so it loads then. */
const SignInBlockedDialog = lazyPart(() => import('./SignInBlockedDialog.tsx'), 'SignInBlockedDialog', null);

/** The second factors a 401 'One-Time Password required' names; null for any other error. */
function secondFactorsRequired(error: unknown): SecondFactorKind[] | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  const item = error.errors.find((e) => e.message === errorMessages.otpRequired);
  // An older server names none: TOTP is the factor it knew.
  return item ? (item.secondFactors ?? ['totp']) : null;
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const logIn = useLogIn();
  const continueAfterLogIn = useContinueAfterLogIn();
  const navigate = useNavigate();
  const location = useLocation();
  // Back from the code step: the address shows again.
  const [lastEmailAddress] = useState(takeReturningEmailAddress);
  // A block stored on an earlier visit that has not ended: said at once, on arrival.
  const block = useSignInBlock();
  const [blockDialog, setBlockDialog] = useState(block !== null);

  /** True when the server refused for its rate limit: the block is stored and shown. */
  const handleBlocked = (error: unknown, emailAddress: string) => {
    const next = blockFrom(error, emailAddress, Date.now());
    if (!next) return false;
    storeBlock(next);
    setBlockDialog(true);
    return true;
  };

  const handleCredentials = async (values: LoginValues) => {
    try {
      await logIn.mutateAsync(values);
    } catch (error) {
      const secondFactors = secondFactorsRequired(error);
      if (secondFactors) {
        // The password passed: the code step takes over, with the credentials in memory only.
        setPendingSignIn({ ...values, secondFactors });
        await navigate({ pathname: '/two-factor-auth', search: location.search });
        return;
      }
      if (handleBlocked(error, values.emailAddress)) return;
      throw error;
    }
    await continueAfterLogIn();
  };

  const endText = block ? blockEndText(block.until, i18n.language) : '';
  return (
    <CenteredLayout>
      <LoginForm
        defaultValues={{ emailAddress: lastEmailAddress || block?.emailAddress || '', password: '' }}
        onSubmit={handleCredentials}
        onPasskeySignedIn={() => void continueAfterLogIn()}
        blocked={
          block
            ? {
                emailAddress: block.emailAddress,
                notice: t('signInBlock.notice', { emailAddress: block.emailAddress, time: endText }),
              }
            : undefined
        }
      />
      {block && blockDialog && (
        <SignInBlockedDialog
          emailAddress={block.emailAddress}
          time={endText}
          onClose={() => setBlockDialog(false)}
        />
      )}
    </CenteredLayout>
  );
}
