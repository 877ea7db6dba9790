import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AssignableRole } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { emailAddressSchema } from '../../components/form/field-schemas.ts';
import { withTranslatedMessages } from './user-error-text.ts';

type InviteForm = { emailAddress: string; role: { publicId: string } };

type InviteUserDialogProps = {
  open: boolean;
  roles: AssignableRole[];
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: { emailAddress: string; rolePublicId: string }) => Promise<void>;
  onClose: () => void;
};

export function InviteUserDialog({ open, roles, onSubmit, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const schema = useMemo(
    () =>
      z.object({
        emailAddress: emailAddressSchema(t),
        role: z.object({ publicId: z.string().min(1, t('form.required')) }),
      }),
    [t],
  );
  const firstRole = roles.find((role) => !role.builtIn) ?? roles[0];
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty, isValid },
  } = useForm<InviteForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { emailAddress: '', role: { publicId: firstRole?.publicId ?? '' } },
  });

  const handleValid = async (values: InviteForm) => {
    try {
      await onSubmit({ emailAddress: values.emailAddress, rolePublicId: values.role.publicId });
    } catch (error) {
      applyApiErrors(withTranslatedMessages(t, error), setError, t, {
        fields: ['emailAddress', 'role.publicId'],
      });
    }
  };

  const handleClose = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <Dialog open={open} onClose={handleClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={handleSubmit(handleValid)} sx={{ height: '100%' }}>
        <DialogTitle>{t('users.inviteTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{t('users.inviteHint')}</DialogContentText>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="emailAddress"
              label={t('users.emailAddress')}
              type="email"
              autoComplete="off"
              autoFocus
              required
            />
            <FormTextField control={control} name="role.publicId" label={t('users.role')} select required>
              {roles.map((role) => (
                <MenuItem key={role.publicId} value={role.publicId}>
                  {role.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, mt: 'auto' }}>
          <Button onClick={handleClose}>{t('users.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty || !isValid}>
            {t('users.inviteSubmit')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
