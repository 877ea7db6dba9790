import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appConfigLimits, type AppKey, type CompanyApp } from '@fleetgate/contracts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import {
  allAppSettings,
  appConfigFormSchema,
  appSettings,
  configPatchOf,
  formValuesOf,
  localizeAppConfigError,
  timeZoneOptions,
  type AppConfigFormValues,
  type AppSetting,
} from './app-config-form.ts';

type AppConfigDialogProps = {
  app: CompanyApp;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (app: AppKey, config: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
};

type SwitchSetting = 'emailNotifications' | 'allowSelfSignedCertificates';

function SwitchField({ control, name }: { control: Control<AppConfigFormValues>; name: SwitchSetting }) {
  const { t } = useTranslation();
  const hintId = `app-setting-${name}-hint`;
  return (
    <Box>
      <Controller
        control={control}
        name={name}
        render={({ field: { value, onChange, onBlur, ref } }) => (
          <FormControlLabel
            control={
              <Switch
                name={name}
                checked={value}
                inputRef={ref}
                onBlur={onBlur}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': hintId } }}
              />
            }
            label={t(`apps.settings.${name}`)}
          />
        )}
      />
      <FormHelperText id={hintId} sx={{ mt: 0, ml: 6 }}>
        {t(`apps.settings.${name}Hint`)}
      </FormHelperText>
    </Box>
  );
}

function TimeZoneField({ control }: { control: Control<AppConfigFormValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="timeZone"
      render={({ field: { value, onChange, onBlur, ref }, fieldState }) => (
        <Autocomplete
          options={timeZoneOptions(value)}
          value={value}
          disableClearable
          autoHighlight
          onChange={(_event, zone) => onChange(zone)}
          onBlur={onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              name="timeZone"
              inputRef={ref}
              label={t('apps.settings.timeZone')}
              required
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? t('apps.settings.timeZoneHint')}
            />
          )}
        />
      )}
    />
  );
}

function SettingField({ control, setting }: { control: Control<AppConfigFormValues>; setting: AppSetting }) {
  const { t } = useTranslation();
  switch (setting) {
    case 'retentionDays':
      return (
        <FormTextField
          control={control}
          name="retentionDays"
          label={t('apps.settings.retentionDays')}
          required
          autoFocus
          helperText={t('apps.settings.retentionDaysHint', {
            min: appConfigLimits.retentionDaysMin,
            max: appConfigLimits.retentionDaysMax,
          })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      );
    case 'timeZone':
      return <TimeZoneField control={control} />;
    case 'emailNotifications':
    case 'allowSelfSignedCertificates':
      return <SwitchField control={control} name={setting} />;
  }
}

/** The settings of an installed app; closing with unsaved changes asks first. */
export function AppConfigDialog({ app, onSubmit, onClose }: AppConfigDialogProps) {
  const { t } = useTranslation();
  const key = app.publicId;
  const initial = useMemo(() => formValuesOf(app), [app]);
  const schema = useMemo(() => appConfigFormSchema(t), [t]);
  const { form, frame } = useDialogForm<AppConfigFormValues>({
    schema,
    defaultValues: initial,
    errorFields: allAppSettings,
    localizeError: localizeAppConfigError,
    onSubmit: (values) => onSubmit(key, configPatchOf(key, values, initial)),
  });
  const [askDiscard, setAskDiscard] = useState(false);

  const handleClose = () => {
    if (form.formState.isDirty) setAskDiscard(true);
    else onClose();
  };

  const name = t(`apps.names.${key}`);
  return (
    <>
      <FormDialog
        {...frame}
        titleId="app-config-dialog-title"
        title={t('apps.configDialog.title', { name })}
        cancelLabel={t('apps.configDialog.cancel')}
        submitLabel={t('apps.configDialog.save')}
        onClose={handleClose}
      >
        {appSettings[key].map((setting) => (
          <SettingField key={setting} control={form.control} setting={setting} />
        ))}
      </FormDialog>
      <DiscardChangesDialog
        open={askDiscard}
        onKeepEditing={() => setAskDiscard(false)}
        onDiscard={() => {
          setAskDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
