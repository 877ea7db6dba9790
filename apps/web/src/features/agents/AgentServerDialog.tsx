import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serviceTypes, type AgentServer } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { FormCheckbox } from './FormCheckbox.tsx';
import {
  agentServerFormSchema,
  agentServerFormValuesOf,
  shownServiceType,
  type AgentServerFormValues,
} from './agent-form.ts';

type AgentServerDialogProps = {
  server?: AgentServer | undefined;
  onSubmit: (values: AgentServerFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'host', 'port', 'serviceGroup'] as const;
const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'off' } };

/**
 * Adds or edits one LAN service (host and port) of an agent, with how the browser reaches it
 * (its type: a web page, a screen, or only the connector), by default the type of its port.
 */
export function AgentServerDialog({ server, onSubmit, onClose }: AgentServerDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => agentServerFormSchema(t), [t]);
  const { form, frame } = useDialogForm<AgentServerFormValues>({
    schema,
    defaultValues: agentServerFormValuesOf(server),
    errorFields: formFields,
    onSubmit,
  });
  const { control } = form;
  const [port, chosenType] = useWatch({ control, name: ['port', 'type'] });
  const type = shownServiceType({ port, type: chosenType });
  const typeField = useController({ control, name: 'type' }).field;

  return (
    <FormDialog
      {...frame}
      titleId="agent-server-dialog-title"
      title={t(server ? 'agents.serverDialog.editTitle' : 'agents.serverDialog.addTitle')}
      cancelLabel={t('agents.serverDialog.cancel')}
      submitLabel={t(server ? 'agents.serverDialog.save' : 'agents.serverDialog.create')}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t('agents.serverDialog.name')} required autoFocus />
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
      <TextField
        select
        label={t('agents.serverDialog.type')}
        name={typeField.name}
        inputRef={typeField.ref}
        value={type}
        onChange={(event) => typeField.onChange(event.target.value)}
        onBlur={typeField.onBlur}
        helperText={chosenType ? undefined : t('agents.serverDialog.typeByPort')}
        // A native select: the menu of a Material select would load its popover code for four options.
        slotProps={{ select: { native: true } }}
      >
        {serviceTypes.map((value) => (
          <option key={value} value={value}>
            {t(`webAccess.types.${value}`)}
          </option>
        ))}
      </TextField>
      {type === 'https' && (
        <FormCheckbox
          control={control}
          name="acceptSelfSigned"
          label={t('agents.serverDialog.acceptSelfSigned')}
          hint={t('agents.serverDialog.acceptSelfSignedHint')}
        />
      )}
      <FormTextField control={control} name="serviceGroup" label={t('agents.serverDialog.serviceGroup')} />
      <FormCheckbox
        control={control}
        name="requireAccessApproval"
        label={t('agents.serverDialog.requireAccessApproval')}
      />
    </FormDialog>
  );
}
