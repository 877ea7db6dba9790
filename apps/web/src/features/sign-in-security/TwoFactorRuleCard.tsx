import { useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { twoFactorGraceDaysMax, type CompanySignInRules } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { formatDate } from '../../components/format/format-date.ts';

type TwoFactorValues = { twoFactorRequired: boolean; twoFactorGraceDays: string };

type TwoFactorRuleCardProps = {
  rules: CompanySignInRules;
  onSave: (changes: { twoFactorRequired: boolean; twoFactorGraceDays: number }) => Promise<void>;
};

const valuesOf = (rules: CompanySignInRules): TwoFactorValues => ({
  twoFactorRequired: rules.twoFactorRequired,
  twoFactorGraceDays: String(rules.twoFactorGraceDays),
});

/** Enforced two-factor: the switch and the grace period, saved together. */
export function TwoFactorRuleCard({ rules, onSave }: TwoFactorRuleCardProps) {
  const { t } = useTranslation();
  // Grace days are typed as text, so an emptied or odd field is a message rather than NaN.
  const schema = useMemo(() => {
    const message = t('signInSecurity.twoFactor.graceDaysInvalid');
    return z.object({
      twoFactorRequired: z.boolean(),
      twoFactorGraceDays: z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, message)
        .refine((days) => Number(days) <= twoFactorGraceDaysMax, message),
    });
  }, [t]);
  const form = useForm<TwoFactorValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(rules) });
  const { control, handleSubmit, reset, setError, formState } = form;
  // Saved (or changed elsewhere): the form shows what the server holds.
  useEffect(() => reset(valuesOf(rules)), [rules, reset]);

  const handleSave = handleSubmit(async (values) => {
    try {
      await onSave({
        twoFactorRequired: values.twoFactorRequired,
        twoFactorGraceDays: Number(values.twoFactorGraceDays),
      });
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['twoFactorRequired', 'twoFactorGraceDays'] });
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="two-factor-rule-title">
      <form onSubmit={(event) => void handleSave(event)} noValidate>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" id="two-factor-rule-title">
              {t('signInSecurity.twoFactor.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('signInSecurity.twoFactor.hint')}
            </Typography>
            <Controller
              control={control}
              name="twoFactorRequired"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  }
                  label={t('signInSecurity.twoFactor.required')}
                />
              )}
            />
            {rules.twoFactorRequiredSince && (
              <Typography variant="body2" color="text.secondary">
                {t('signInSecurity.twoFactor.since', { date: formatDate(rules.twoFactorRequiredSince) })}
              </Typography>
            )}
            <FormTextField
              control={control}
              name="twoFactorGraceDays"
              label={t('signInSecurity.twoFactor.graceDays')}
              helperText={t('signInSecurity.twoFactor.graceDaysHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ maxWidth: 360 }}
            />
            <FormAlert message={formState.errors.root?.server?.message} />
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
            {t('signInSecurity.save')}
          </Button>
        </CardActions>
      </form>
    </Card>
  );
}
