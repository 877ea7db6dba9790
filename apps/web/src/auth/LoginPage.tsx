import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../api/api-error.ts';
import { CenteredLayout } from '../components/CenteredLayout.tsx';
import { LoginForm, type LoginValues } from './LoginForm.tsx';
import { blockEndText, blockFrom, storeBlock, useSignInBlock } from './sign-in-block.ts';
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
/** Shown only to a browser that stored a sign-in block, so it loads then. */
const SignInBlockedDialog = lazyPart(() => import('./SignInBlockedDialog.tsx'), 'SignInBlockedDialog', null);

function needsOneTimePassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.hasMessage(errorMessages.otpRequired);
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const logIn = useLogIn();
  const continueAfterLogIn = useContinueAfterLogIn();
  // Credentials that passed but still need the second factor.
  const [awaitingCode, setAwaitingCode] = useState<LoginValues | null>(null);
  const [lastEmailAddress, setLastEmailAddress] = useState('');
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
      if (needsOneTimePassword(error)) {
        setAwaitingCode(values);
        return;
      }
      if (handleBlocked(error, values.emailAddress)) return;
      throw error;
    }
    await continueAfterLogIn();
  };

  const handleCode = async (oneTimePassword: string) => {
    if (!awaitingCode) return;
    try {
      await logIn.mutateAsync({ ...awaitingCode, oneTimePassword });
    } catch (error) {
      if (!handleBlocked(error, awaitingCode.emailAddress)) throw error;
      // Back to the first step: the block holds for the account, whatever code comes next.
      handleBack();
      return;
    }
    await continueAfterLogIn();
  };

  function handleBack() {
    setLastEmailAddress(awaitingCode?.emailAddress ?? '');
    setAwaitingCode(null);
  }

  const endText = block ? blockEndText(block.until, i18n.language) : '';
  return (
    <CenteredLayout>
      {awaitingCode ? (
        <OneTimeCodeForm emailAddress={awaitingCode.emailAddress} onSubmit={handleCode} onBack={handleBack} />
      ) : (
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
      )}
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
