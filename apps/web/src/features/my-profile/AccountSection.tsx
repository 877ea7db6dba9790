import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MyUser } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { useNotify } from '../../components/notify.tsx';
import { EmailChangeDialog } from './EmailChangeDialog.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { useUpdateMyProfile } from './use-my-profile.ts';

/** Name (saved with PATCH MyUser) and the e-mail address (changed through a mailed link). */
export function AccountSection({ user }: { user: MyUser }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const update = useUpdateMyProfile();
  const [changingEmail, setChangingEmail] = useState(false);
  const schema = useMemo(() => z.object({ name: nameSchema(t) }), [t]);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(schema), values: { name: user.name } });

  const handleValid = async (values: { name: string }) => {
    try {
      const saved = await update.mutateAsync({ name: values.name });
      reset({ name: saved.name });
      notify(t('profileAccount.account.nameSaved'), { key: 'name' });
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name'] });
    }
  };

  return (
    <ProfileSection
      id="account"
      title={t('profileAccount.account.title')}
      hint={t('profileAccount.account.hint')}
    >
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={handleSubmit(handleValid)}
      >
        <FormTextField
          control={control}
          name="name"
          label={t('profileAccount.account.name')}
          autoComplete="name"
          fullWidth
        />
        <Button
          type="submit"
          variant="outlined"
          loading={isSubmitting}
          disabled={!isDirty}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {t('profileAccount.account.saveName')}
        </Button>
      </Stack>
      <FormAlert message={errors.root?.server?.message} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('profileAccount.account.emailAddress')}
          value={user.emailAddress}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <Button
          variant="outlined"
          onClick={() => setChangingEmail(true)}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {t('profileAccount.account.changeEmail')}
        </Button>
      </Stack>
      {changingEmail && <EmailChangeDialog onClose={() => setChangingEmail(false)} />}
    </ProfileSection>
  );
}
