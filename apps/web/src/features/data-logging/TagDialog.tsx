import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tagDataTypes, tagLogModes, type DataSource, type Tag } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { SelectField } from './SelectField.tsx';
import { localizeDataLoggingError } from './data-logging-errors.ts';
import { tagFormSchema, tagFormValuesOf, type TagFormValues } from './data-logging-form.ts';

type TagDialogProps = {
  tag?: Tag | undefined;
  sources: readonly DataSource[];
  onSubmit: (values: TagFormValues) => Promise<void>;
  onClose: () => void;
};

const errorFields = [
  'name',
  'dataSource',
  'address',
  'dataType',
  'scale',
  'unit',
  'sampleIntervalSeconds',
  'logMode',
] as const;
const noSpellCheck = { htmlInput: { spellCheck: false, autoCapitalize: 'off' } };

/** Adds or edits a tag: one value read from a data source, how it is scaled and how often it is logged. */
export function TagDialog({ tag, sources, onSubmit, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => tagFormSchema(t, (id) => sources.find((source) => source.publicId === id)?.kind),
    [t, sources],
  );
  const { form, frame } = useDialogForm<TagFormValues>({
    schema,
    defaultValues: tagFormValuesOf(tag, sources),
    errorFields,
    localizeError: localizeDataLoggingError,
    onSubmit,
  });
  const { control } = form;
  const sourceId = useWatch({ control, name: 'dataSource' });
  const kind = sources.find((source) => source.publicId === sourceId)?.kind ?? 'modbus';

  return (
    <FormDialog
      {...frame}
      titleId="tag-dialog-title"
      title={t(tag ? 'dataLogging.tagDialog.editTitle' : 'dataLogging.tagDialog.addTitle')}
      cancelLabel={t('dataLogging.cancel')}
      submitLabel={t(tag ? 'dataLogging.save' : 'dataLogging.create')}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('dataLogging.tagDialog.name')}
        required
        autoFocus
      />
      <SelectField
        control={control}
        name="dataSource"
        label={t('dataLogging.tagDialog.dataSource')}
        required
        options={sources.map((source) => ({
          value: source.publicId,
          label: `${source.name} (${t(`dataLogging.kinds.${source.kind}`)})`,
        }))}
      />
      <FormTextField
        control={control}
        name="address"
        label={t(kind === 'modbus' ? 'dataLogging.tagDialog.address' : 'dataLogging.tagDialog.topic')}
        required
        placeholder={kind === 'modbus' ? 'hr:0' : 'plant/line1/temperature'}
        helperText={t(
          kind === 'modbus' ? 'dataLogging.tagDialog.addressHint' : 'dataLogging.tagDialog.topicHint',
        )}
        slotProps={noSpellCheck}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <SelectField
          control={control}
          name="dataType"
          label={t('dataLogging.tagDialog.dataType')}
          options={tagDataTypes.map((value) => ({ value, label: value }))}
        />
        <FormTextField
          control={control}
          name="scale"
          label={t('dataLogging.tagDialog.scale')}
          helperText={t('dataLogging.tagDialog.scaleHint')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField control={control} name="unit" label={t('dataLogging.tagDialog.unit')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="sampleIntervalSeconds"
          label={t('dataLogging.tagDialog.interval')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <SelectField
          control={control}
          name="logMode"
          label={t('dataLogging.tagDialog.logMode')}
          helperText={t('dataLogging.tagDialog.logModeHint')}
          options={tagLogModes.map((value) => ({ value, label: t(`dataLogging.logModes.${value}`) }))}
        />
      </Stack>
    </FormDialog>
  );
}
