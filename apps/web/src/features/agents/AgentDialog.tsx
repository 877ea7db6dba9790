import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { FormCheckbox } from './FormCheckbox.tsx';
import { agentFormSchema, agentFormValuesOf, type AgentFormValues } from './agent-form.ts';
import { useGroupOptions } from './use-agents.ts';

type AgentDialogProps = {
  /** The agent to edit; a new one is added without it. */
  agent?: Agent | undefined;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: AgentFormValues) => Promise<void>;
  onClose: () => void;
};

export function AgentDialog({ agent, onSubmit, onClose }: AgentDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const schema = useMemo(() => agentFormSchema(t), [t]);
  const groups = useGroupOptions();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<AgentFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: agentFormValuesOf(agent),
  });

  const handleValid = async (values: AgentFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(error, setError, t, { fields: ['name'] });
    }
  };

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="agent-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="agent-dialog-title">
          {t(agent ? 'agents.dialog.editTitle' : 'agents.dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField control={control} name="name" label={t('agents.dialog.name')} required autoFocus />
            <Stack spacing={0.5}>
              <FormCheckbox
                control={control}
                name="vpnLocked"
                label={t('agents.dialog.vpnLocked')}
                hint={t('agents.dialog.vpnLockedHint')}
              />
              <FormCheckbox
                control={control}
                name="webAccessLocked"
                label={t('agents.dialog.webAccessLocked')}
                hint={t('agents.dialog.webAccessLockedHint')}
              />
              <FormCheckbox
                control={control}
                name="vpnRequireAccessApproval"
                label={t('agents.dialog.vpnRequireAccessApproval')}
              />
              <FormCheckbox control={control} name="useStunnel" label={t('agents.dialog.useStunnel')} />
            </Stack>
            <Controller
              control={control}
              name="groups"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={(groups.data ?? []).map(({ publicId, name }) => ({ publicId, name }))}
                  loading={groups.isPending}
                  loadingText={t('agents.dialog.groupsLoading')}
                  noOptionsText={t('agents.dialog.noGroups')}
                  value={field.value}
                  onChange={(_event, value) => field.onChange(value)}
                  isOptionEqualToValue={(option, value) => option.publicId === value.publicId}
                  getOptionLabel={(option) => option.name}
                  renderValue={(value, getItemProps) =>
                    value.map((option, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={option.name} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => <TextField {...params} label={t('agents.dialog.groups')} />}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('agents.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(agent ? 'agents.dialog.save' : 'agents.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
