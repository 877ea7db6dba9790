import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Agent } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
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
  const schema = useMemo(() => agentFormSchema(t), [t]);
  const groups = useGroupOptions();
  const { form, frame } = useDialogForm<AgentFormValues>({
    schema,
    defaultValues: agentFormValuesOf(agent),
    errorFields: ['name'],
    onSubmit,
  });
  const { control } = form;

  return (
    <FormDialog
      {...frame}
      titleId="agent-dialog-title"
      title={t(agent ? 'agents.dialog.editTitle' : 'agents.dialog.addTitle')}
      cancelLabel={t('agents.dialog.cancel')}
      submitLabel={t(agent ? 'agents.dialog.save' : 'agents.dialog.create')}
      onClose={onClose}
    >
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
        <FormCheckbox
          control={control}
          name="hasDisplay"
          label={t('screensaver.hasDisplay')}
          hint={t('screensaver.hasDisplayHint')}
        />
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
    </FormDialog>
  );
}
