import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CompanySignInRules } from '@fleetgate/contracts';

type SsoRuleCardProps = {
  rules: CompanySignInRules;
  saving: boolean;
  onChange: (ssoRequired: boolean) => void;
  /** The company's identity providers (list and editor), shown below the rule. */
  providers?: ReactNode;
};

/**
 * Required single sign-on: saved as soon as it is switched. Off and disabled, with the reason,
 * while the company has no identity provider to sign in with.
 */
export function SsoRuleCard({ rules, saving, onChange, providers }: SsoRuleCardProps) {
  const { t } = useTranslation();
  const unavailable = !rules.hasIdentityProvider && !rules.ssoRequired;
  return (
    <Card variant="outlined" component="section" aria-labelledby="sso-rule-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="sso-rule-title">
            {t('signInSecurity.sso.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('signInSecurity.sso.hint')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={rules.ssoRequired}
                disabled={unavailable || saving}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{
                  input: { 'aria-describedby': unavailable ? 'sso-rule-unavailable' : undefined },
                }}
              />
            }
            label={t('signInSecurity.sso.required')}
          />
          {unavailable && (
            <Alert severity="info" id="sso-rule-unavailable">
              {t('signInSecurity.sso.noProvider')}
            </Alert>
          )}
          {providers}
        </Stack>
      </CardContent>
    </Card>
  );
}
