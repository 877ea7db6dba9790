import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MqttBroker } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
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
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const editing = broker !== undefined;
  const stored = broker?.hasPassword === true;
  const schema = useMemo(() => brokerFormSchema(t, stored), [t, stored]);
  const {
    control,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<BrokerFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: brokerFormValuesOf(broker),
  });
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

  const handleValid = async (values: BrokerFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyApiErrors(localizeBrokerError(error, t), setError, t, { fields: formFields });
    }
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
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="mqtt-broker-dialog-title"
    >
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="mqtt-broker-dialog-title">
          {t(editing ? 'mqtt.dialog.editTitle' : 'mqtt.dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('mqtt.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(editing ? 'mqtt.dialog.save' : 'mqtt.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
