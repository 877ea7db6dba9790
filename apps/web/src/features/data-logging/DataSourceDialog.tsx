import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dataSourceKinds, type AgentServer, type DataSource, type MqttBroker } from '@fleetgate/contracts';
import { FormDialog } from '../../components/form/FormDialog.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { useDialogForm } from '../../components/form/use-dialog-form.ts';
import { SelectField } from './SelectField.tsx';
import { localizeDataLoggingError } from './data-logging-errors.ts';
import {
  dataSourceFormSchema,
  dataSourceFormValuesOf,
  modbusServerOptions,
  type DataSourceFormValues,
} from './data-logging-form.ts';

type DataSourceDialogProps = {
  source?: DataSource | undefined;
  servers: readonly AgentServer[];
  /** The company's brokers, or undefined when the user may not list them. */
  brokers: readonly Pick<MqttBroker, 'publicId' | 'name'>[] | undefined;
  onSubmit: (values: DataSourceFormValues) => Promise<void>;
  onClose: () => void;
};

const errorFields = ['name', 'kind', 'server', 'unitId', 'mqttBroker'] as const;

/** Adds or edits a data source: a Modbus TCP device behind one of the agent's services, or an MQTT broker. */
export function DataSourceDialog({ source, servers, brokers, onSubmit, onClose }: DataSourceDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => dataSourceFormSchema(t), [t]);
  const { form, frame } = useDialogForm<DataSourceFormValues>({
    schema,
    defaultValues: dataSourceFormValuesOf(source, servers),
    errorFields,
    localizeError: localizeDataLoggingError,
    onSubmit,
  });
  const { control } = form;
  const kind = useWatch({ control, name: 'kind' });
  const serverOptions = modbusServerOptions(servers).map((server) => ({
    value: server.publicId,
    label: `${server.name} (${server.host}:${server.port})`,
  }));
  const brokerList = brokers ?? (source?.mqttBroker ? [source.mqttBroker] : []);
  const brokerOptions = brokerList.map((broker) => ({ value: broker.publicId, label: broker.name }));

  return (
    <FormDialog
      {...frame}
      titleId="data-source-dialog-title"
      title={t(source ? 'dataLogging.sourceDialog.editTitle' : 'dataLogging.sourceDialog.addTitle')}
      cancelLabel={t('dataLogging.cancel')}
      submitLabel={t(source ? 'dataLogging.save' : 'dataLogging.create')}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('dataLogging.sourceDialog.name')}
        required
        autoFocus
      />
      <SelectField
        control={control}
        name="kind"
        label={t('dataLogging.sourceDialog.kind')}
        disabled={source !== undefined}
        options={dataSourceKinds.map((value) => ({ value, label: t(`dataLogging.kinds.${value}`) }))}
      />
      {kind === 'modbus' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <SelectField
            control={control}
            name="server"
            label={t('dataLogging.sourceDialog.server')}
            required
            options={[{ value: '', label: '' }, ...serverOptions]}
            helperText={
              serverOptions.length === 0
                ? t('dataLogging.sourceDialog.noServers')
                : t('dataLogging.sourceDialog.serverHint')
            }
          />
          <FormTextField
            control={control}
            name="unitId"
            label={t('dataLogging.sourceDialog.unitId')}
            required
            sx={{ width: { xs: '100%', sm: 140 }, flexShrink: 0 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      ) : (
        <SelectField
          control={control}
          name="mqttBroker"
          label={t('dataLogging.sourceDialog.mqttBroker')}
          required
          options={[{ value: '', label: '' }, ...brokerOptions]}
          helperText={brokerOptions.length === 0 ? t('dataLogging.sourceDialog.noBrokers') : undefined}
        />
      )}
    </FormDialog>
  );
}
