import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MqttBroker } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { BrokerPasswordField } from './BrokerPasswordField.tsx';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import {
  brokerFormSchema,
  brokerFormValuesOf,
  localizeBrokerError,
  testInputOf,
  testStateOf,
  type BrokerFormValues,
} from './mqtt-broker-form.ts';
import { useTestBrokerSettings } from './use-mqtt-brokers.ts';

type MqttBrokerDialogProps = {
  /** The broker to edit; a new one is added without it. */
  broker?: MqttBroker | undefined;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: BrokerFormValues) => Promise<void>;
  onClose: () => void;
};

const formFields = ['name', 'url', 'clientId', 'username', 'password'] as const;
const testedFields = ['url', 'clientId', 'username', 'password', 'removePassword'] as const;

export function MqttBrokerDialog({ broker, onSubmit, onClose }: MqttBrokerDialogProps) {
  const { t } = useTranslation();
  const editing = broker !== undefined;
  const stored = broker?.hasPassword === true;
  const schema = useMemo(() => brokerFormSchema(t, stored), [t, stored]);
  const { form, frame } = useDialogForm<BrokerFormValues>({
    schema,
    defaultValues: brokerFormValuesOf(broker),
    errorFields: formFields,
    localizeError: localizeBrokerError,
    onSubmit,
  });
  const { control, trigger, getValues } = form;
  const removePassword = useWatch({ control, name: 'removePassword' });
  const password = useWatch({ control, name: 'password' });
  const testedNow = JSON.stringify(useWatch({ control, name: testedFields }));
  // The user-name rule depends on the password: check it again whenever the password changes.
  useEffect(() => {
    void trigger('username');
  }, [password, removePassword, trigger]);
  const test = useTestBrokerSettings();
  const [testedSettings, setTestedSettings] = useState<string | null>(null);

  const handleTest = async () => {
    if (!(await trigger(['url', 'clientId', 'username', 'password']))) return;
    const values = getValues();
    setTestedSettings(JSON.stringify(testedFields.map((name) => values[name])));
    test.mutate(testInputOf(values, broker));
  };

  const keepsStored = stored && !removePassword && password === '';
  const passwordHint = removePassword
    ? t('mqtt.dialog.passwordRemoved')
    : keepsStored
      ? t('mqtt.dialog.passwordUnchangedHint')
      : undefined;
  // A result is only shown for the settings it was obtained with.
  const testState = testedSettings === testedNow ? testStateOf(test) : { status: 'idle' as const };

  return (
    <FormDialog
      {...frame}
      titleId="mqtt-broker-dialog-title"
      title={t(editing ? 'mqtt.dialog.editTitle' : 'mqtt.dialog.addTitle')}
      cancelLabel={t('mqtt.dialog.cancel')}
      submitLabel={t(editing ? 'mqtt.dialog.save' : 'mqtt.dialog.create')}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label={t('mqtt.dialog.name')} required autoFocus />
      <FormTextField
        control={control}
        name="url"
        label={t('mqtt.dialog.url')}
        required
        placeholder="mqtts://broker.example.com:8883"
        helperText={t('mqtt.dialog.urlHint')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', inputMode: 'url' } }}
      />
      <FormTextField
        control={control}
        name="clientId"
        label={t('mqtt.dialog.clientId')}
        helperText={t('mqtt.dialog.clientIdHint')}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="username"
          label={t('mqtt.dialog.username')}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
        <BrokerPasswordField
          control={control}
          unchanged={keepsStored}
          disabled={removePassword}
          helperText={passwordHint}
        />
      </Stack>
      {stored && (
        <Controller
          control={control}
          name="removePassword"
          render={({ field: { value, onChange, ref, name } }) => (
            <FormControlLabel
              sx={{ mt: '-4px !important' }}
              control={
                <Checkbox
                  name={name}
                  checked={value}
                  inputRef={ref}
                  onChange={(event) => onChange(event.target.checked)}
                />
              }
              label={t('mqtt.dialog.removePassword')}
            />
          )}
        />
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 1.5,
        }}
      >
        <Button
          variant="outlined"
          startIcon={<NetworkCheck />}
          onClick={() => void handleTest()}
          loading={test.isPending}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('mqtt.dialog.test')}
        </Button>
        <ConnectionTestResult state={testState} />
      </Box>
    </FormDialog>
  );
}
