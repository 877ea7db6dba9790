import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { CompanySignInRulesPatchInput } from '@fleetgate/contracts';
import { describeError } from '../../api/error-text.ts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotify } from '../../components/notify.tsx';
import { IdentityProvidersSection } from '../sso/IdentityProvidersSection.tsx';
import { SsoRuleCard } from './SsoRuleCard.tsx';
import { TwoFactorRuleCard } from './TwoFactorRuleCard.tsx';
import { useSignInRules, useUpdateSignInRules } from './use-sign-in-rules.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

/** `/sign-in-security`: the company's sign-in rules, enforced two-factor and required single sign-on. */
export function SignInSecurityPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const companyId = useCurrentUser().company?.publicId ?? '';
  const rules = useSignInRules(companyId);
  const update = useUpdateSignInRules(companyId);

  const save = async (changes: CompanySignInRulesPatchInput) => {
    await update.mutateAsync(changes);
    notify(t('signInSecurity.saved'), { key: 'sign-in-rules' });
  };
  const handleSsoChange = (ssoRequired: boolean) => {
    // The card shows the error below; a rejected save changes nothing.
    save({ ssoRequired }).catch(() => undefined);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeader title={t('signInSecurity.title')} subtitle={t('signInSecurity.subtitle')} />
      {rules.isPending && <LoadingBar />}
      {rules.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void rules.refetch()}>
              {t('signInSecurity.retry')}
            </Button>
          }
        >
          {`${t('signInSecurity.loadFailed')} ${describeError(t, rules.error)}`}
        </Alert>
      )}
      {rules.data && (
        <>
          <TwoFactorRuleCard rules={rules.data} onSave={save} />
          <SsoRuleCard
            rules={rules.data}
            saving={update.isPending && update.variables.ssoRequired !== undefined}
            onChange={handleSsoChange}
            providers={<IdentityProvidersSection />}
          />
          {update.isError && update.variables.ssoRequired !== undefined && (
            <FormAlert message={describeError(t, update.error)} />
          )}
        </>
      )}
    </Stack>
  );
}
