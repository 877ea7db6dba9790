import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { FormTextInput } from '../components/form/FormTextInput.tsx';
import { PasswordField } from '../components/form/PasswordField.tsx';
import { applyApiErrors } from '../components/form/apply-api-errors.ts';
import { AuthSwitchLink } from './AuthSwitchLink.tsx';
import { FormHeading } from '../components/form/FormHeading.tsx';
import { blocks } from './sign-in-block.ts';
import { lazyResolver } from '../components/form/lazy-resolver.ts';
import { lazyPart } from '../app/lazy-part.tsx';
import { useSsoProviders } from './sso-providers.ts';
import { PasskeySignInButton } from './PasskeySignInButton.tsx';

/** Only a browser with a stored sign-in block shows this, so the alert's code loads then. */
const Alert = lazyPart(() => import('@mui/material/Alert'), 'default', null);
/** Single sign-on buttons: their code loads only when there is a provider to offer. */
const SsoSignInButtons = lazyPart(() => import('./SsoSignInButtons.tsx'), 'SsoSignInButtons', null);

export type LoginValues = { emailAddress: string; password: string };

type LoginFormProps = {
  defaultValues?: LoginValues;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: LoginValues) => Promise<void>;
  /** A sign-in block stored in this browser that has not ended: said, and Log in held back for its account. */
  blocked?: { emailAddress: string; notice: string };
  /** Offers "Sign in with a passkey" below the form; called once that session has started. */
  onPasskeySignedIn?: () => void;
};

export function LoginForm({ defaultValues, onSubmit, blocked, onPasskeySignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const { resolver, preload } = useMemo(
    () => lazyResolver(async () => (await import('./login-resolver.ts')).loginResolver(t)),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: defaultValues ?? { emailAddress: '', password: '' },
  });
  const emailAddress = useWatch({ control, name: 'emailAddress' });
  const held = blocked !== undefined && blocks({ until: Infinity, ...blocked }, emailAddress);
  const ssoProviders = useSsoProviders(emailAddress);

  const handleValid = async (values: LoginValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['emailAddress', 'password'] });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(handleValid)} onInput={preload}>
      <FormHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      {blocked && (
        <Alert severity="warning" role="status">
          {blocked.notice}
        </Alert>
      )}
      <FormAlert message={errors.root?.server?.message} />
      <FormTextInput
        control={control}
        name="emailAddress"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label={t('login.password')}
        autoComplete="current-password"
      />
      <Link
        component={RouterLink}
        to="/recover"
        variant="body2"
        underline="hover"
        sx={{ alignSelf: 'flex-end' }}
      >
        {t('login.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={held}>
        {t('login.submit')}
      </Button>
      {ssoProviders.length > 0 && <SsoSignInButtons providers={ssoProviders} />}
      {onPasskeySignedIn && (
        <>
          <OrDivider label={t('passkeySignIn.or')} />
          <PasskeySignInButton onSignedIn={onPasskeySignedIn} />
        </>
      )}
      <AuthSwitchLink question={t('login.noAccount')} linkText={t('login.registerLink')} to="/register" />
    </Stack>
  );
}

/** "—— or ——" between the two ways to sign in; drawn with CSS, as MUI's Divider would add to the first load. */
function OrDivider({ label }: { label: string }) {
  return (
    <Stack
      direction="row"
      role="separator"
      aria-label={label}
      sx={{
        alignItems: 'center',
        gap: 2,
        color: 'text.secondary',
        '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
      }}
    >
      <span aria-hidden>{label}</span>
    </Stack>
  );
}
