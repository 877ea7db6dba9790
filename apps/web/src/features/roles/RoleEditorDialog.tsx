import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { allCapabilities, type Capability, type Role } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { CapabilityChecklist } from './CapabilityChecklist.tsx';
import type { RoleValues } from './use-roles.ts';

type RoleEditorDialogProps = {
  open: boolean;
  /** The role to edit; none to add one. The built-in role is shown read-only. */
  role: Role | null;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: RoleValues) => Promise<void>;
  onClose: () => void;
};

export function RoleEditorDialog({ open, role, onSubmit, onClose }: RoleEditorDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const readOnly = role?.builtIn === true;
  const schema = useMemo(
    () => z.object({ name: nameSchema(t), capabilities: z.array(z.enum(allCapabilities as [Capability])) }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty, isValid },
  } = useForm<RoleValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    values: {
      name: role?.name ?? '',
      capabilities: readOnly ? [...allCapabilities] : (role?.capabilities ?? []),
    },
  });

  const handleValid = async (values: RoleValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name', 'capabilities'] });
    }
  };

  const handleClose = () => {
    if (!isSubmitting) onClose();
  };

  const title = readOnly ? t('roles.viewTitle') : role ? t('roles.editTitle') : t('roles.addTitle');
  return (
    <Dialog open={open} onClose={handleClose} fullScreen={fullScreen} fullWidth maxWidth="md">
      <Stack
        component="form"
        noValidate
        onSubmit={handleSubmit(handleValid)}
        sx={{ height: '100%', minHeight: 0 }}
      >
        <DialogTitle>{title}</DialogTitle>
        {/* Read-only, nothing inside takes focus: the scrolling content itself does, so the
            keyboard can scroll through every right. */}
        <DialogContent dividers {...(readOnly && { tabIndex: 0, role: 'region', 'aria-label': title })}>
          <Stack spacing={2.5}>
            {readOnly && <Alert severity="info">{t('roles.builtInHint')}</Alert>}
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('roles.name')}
              required
              disabled={readOnly}
              autoFocus={!readOnly}
            />
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="h3">
                {t('roles.rights')}
              </Typography>
              <Controller
                control={control}
                name="capabilities"
                render={({ field }) => (
                  <CapabilityChecklist value={field.value} disabled={readOnly} onChange={field.onChange} />
                )}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          {readOnly ? (
            <Button onClick={handleClose} variant="contained">
              {t('roles.close')}
            </Button>
          ) : (
            <>
              <Button onClick={handleClose}>{t('roles.cancel')}</Button>
              <Button
                type="submit"
                variant="contained"
                loading={isSubmitting}
                disabled={!isDirty || !isValid}
              >
                {role ? t('roles.save') : t('roles.create')}
              </Button>
            </>
          )}
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
