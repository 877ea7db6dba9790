import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AgentServer } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { FormCheckbox } from './FormCheckbox.tsx';
import { agentServerFormSchema, agentServerFormValuesOf, type AgentServerFormValues } from './agent-form.ts';

type AgentServerDialogProps = {
  server?: AgentServer | undefined;
  onSubmit: (values: AgentServerFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'host', 'port', 'serviceGroup'] as const;
const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'off' } };

/** Adds or edits one LAN service (host and port) of an agent. */
export function AgentServerDialog({ server, onSubmit, onClose }: AgentServerDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const schema = useMemo(() => agentServerFormSchema(t), [t]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<AgentServerFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: agentServerFormValuesOf(server),
  });

  const handleValid = async (values: AgentServerFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: formFields });
    }
  };

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="agent-server-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="agent-server-dialog-title">
          {t(server ? 'agents.serverDialog.editTitle' : 'agents.serverDialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('agents.serverDialog.name')}
              required
              autoFocus
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
              <FormTextField
                control={control}
                name="host"
                label={t('agents.serverDialog.host')}
                required
                fullWidth
                placeholder="192.168.1.10"
                helperText={t('agents.serverDialog.hostHint')}
                slotProps={noSpellCheck}
              />
              <FormTextField
                control={control}
                name="port"
                label={t('agents.serverDialog.port')}
                required
                placeholder="443"
                sx={{ width: { xs: '100%', sm: 140 }, flexShrink: 0 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <FormTextField
              control={control}
              name="serviceGroup"
              label={t('agents.serverDialog.serviceGroup')}
            />
            <FormCheckbox
              control={control}
              name="requireAccessApproval"
              label={t('agents.serverDialog.requireAccessApproval')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('agents.serverDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(server ? 'agents.serverDialog.save' : 'agents.serverDialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
