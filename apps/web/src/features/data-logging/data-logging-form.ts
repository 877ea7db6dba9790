import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  dataLoggingLimits,
  dataSourceKinds,
  modbusAddressPattern,
  tagDataTypes,
  tagLogModes,
  type AgentServer,
  type DataSource,
  type DataSourceCreateInput,
  type DataSourcePatchInput,
  type Tag,
  type TagCreateInput,
  type TagDataType,
  type TagPatchInput,
} from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';

const integerText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { message });

export function dataSourceFormSchema(t: TFunction) {
  return z
    .object({
      name: nameSchema(t),
      kind: z.enum(dataSourceKinds),
      server: z.string(),
      unitId: integerText(0, 255, t('dataLogging.sourceDialog.unitIdInvalid')),
      mqttBroker: z.string(),
    })
    .superRefine((values, context) => {
      if (values.kind === 'modbus' && values.server === '')
        context.addIssue({ code: 'custom', path: ['server'], message: t('form.required') });
      if (values.kind === 'mqtt' && values.mqttBroker === '')
        context.addIssue({ code: 'custom', path: ['mqttBroker'], message: t('form.required') });
    });
}

export type DataSourceFormValues = z.infer<ReturnType<typeof dataSourceFormSchema>>;

/** The agent's services a Modbus source can use: plain TCP ones first (Modbus TCP is no web page). */
export function modbusServerOptions(servers: readonly AgentServer[]): AgentServer[] {
  return [...servers].sort((a, b) => Number(b.type === 'tcp') - Number(a.type === 'tcp'));
}

export function dataSourceFormValuesOf(
  source: DataSource | undefined,
  servers: readonly AgentServer[],
): DataSourceFormValues {
  return {
    name: source?.name ?? '',
    // A backend component's source is never edited here (its kind cannot change anyway).
    kind: source?.kind === 'mqtt' ? 'mqtt' : 'modbus',
    server: source?.server?.publicId ?? modbusServerOptions(servers)[0]?.publicId ?? '',
    unitId: String(source?.unitId ?? 1),
    mqttBroker: source?.mqttBroker?.publicId ?? '',
  };
}

export function dataSourceCreateInputOf(values: DataSourceFormValues): DataSourceCreateInput {
  return values.kind === 'modbus'
    ? {
        name: values.name.trim(),
        kind: 'modbus',
        server: { publicId: values.server },
        unitId: Number(values.unitId),
      }
    : { name: values.name.trim(), kind: 'mqtt', mqttBroker: { publicId: values.mqttBroker } };
}

export function dataSourcePatchInputOf(values: DataSourceFormValues): DataSourcePatchInput {
  const { kind: _kind, ...input } = dataSourceCreateInputOf(values);
  return input;
}

export function tagFormSchema(t: TFunction, kindOf: (sourceId: string) => DataSource['kind'] | undefined) {
  const limitsText = {
    min: dataLoggingLimits.minSampleIntervalSeconds,
    max: dataLoggingLimits.maxSampleIntervalSeconds,
  };
  return z
    .object({
      name: nameSchema(t),
      dataSource: z.string().min(1, t('form.required')),
      address: z
        .string()
        .trim()
        .min(1, t('form.required'))
        .max(1024, t('form.maxLength', { count: 1024 })),
      dataType: z.enum(tagDataTypes),
      scale: z
        .string()
        .trim()
        .refine((value) => value !== '' && Number.isFinite(Number(value)) && Number(value) !== 0, {
          message: t('dataLogging.tagDialog.scaleInvalid'),
        }),
      unit: z
        .string()
        .trim()
        .max(32, t('form.maxLength', { count: 32 })),
      sampleIntervalSeconds: integerText(
        limitsText.min,
        limitsText.max,
        t('dataLogging.tagDialog.intervalInvalid', limitsText),
      ),
      logMode: z.enum(tagLogModes),
    })
    .superRefine((values, context) => {
      const kind = kindOf(values.dataSource);
      if (kind === 'modbus' && !modbusAddressPattern.test(values.address.trim()))
        context.addIssue({
          code: 'custom',
          path: ['address'],
          message: t('dataLogging.tagDialog.addressInvalid'),
        });
      if (kind === 'mqtt' && /[#+]/.test(values.address))
        context.addIssue({
          code: 'custom',
          path: ['address'],
          message: t('dataLogging.tagDialog.topicInvalid'),
        });
    });
}

export type TagFormValues = z.infer<ReturnType<typeof tagFormSchema>>;

export function tagFormValuesOf(tag: Tag | undefined, sources: readonly DataSource[]): TagFormValues {
  return {
    name: tag?.name ?? '',
    dataSource: tag?.dataSource.publicId ?? sources[0]?.publicId ?? '',
    address: tag?.address ?? '',
    dataType: tag?.dataType ?? 'int16',
    scale: String(tag?.scale ?? 1),
    unit: tag?.unit ?? '',
    sampleIntervalSeconds: String(tag?.sampleIntervalSeconds ?? 10),
    logMode: tag?.logMode ?? 'change',
  };
}

export function tagInputOf(values: TagFormValues): TagCreateInput & TagPatchInput {
  return {
    name: values.name.trim(),
    dataSource: { publicId: values.dataSource },
    address: values.address.trim(),
    dataType: values.dataType,
    scale: Number(values.scale),
    unit: values.unit.trim(),
    sampleIntervalSeconds: Number(values.sampleIntervalSeconds),
    logMode: values.logMode,
  };
}

/** The simulator's register map (agent `--simulate`, service `modbus`). */
export const simulatorTags: readonly {
  name: string;
  address: string;
  dataType: TagDataType;
  scale: number;
  unit: string;
}[] = [
  { name: 'Temperature', address: 'hr:0', dataType: 'int16', scale: 0.1, unit: '°C' },
  { name: 'Pressure', address: 'hr:1', dataType: 'uint16', scale: 1, unit: 'mbar' },
  { name: 'Parts counter', address: 'hr:2', dataType: 'uint32', scale: 1, unit: '' },
  { name: 'Flow', address: 'hr:4', dataType: 'float32', scale: 1, unit: 'l/min' },
  { name: 'Running', address: 'coil:0', dataType: 'bool', scale: 1, unit: '' },
  { name: 'Alarm', address: 'coil:1', dataType: 'bool', scale: 1, unit: '' },
];

/** The name of the simulator's Modbus service. */
export const simulatorServiceName = 'modbus';

/** Whether a source reads the simulator's Modbus service. */
export function isSimulatorSource(source: Pick<DataSource, 'kind' | 'server'>): boolean {
  return source.kind === 'modbus' && source.server?.name === simulatorServiceName;
}

/**
 * The simulator's tags the source does not have yet (by address, or by name on the agent), as
 * inputs for `POST AgentTagList`.
 */
export function missingSimulatorTags(
  source: Pick<DataSource, 'publicId'>,
  tags: readonly Tag[],
): TagCreateInput[] {
  const addresses = new Set(
    tags.filter((tag) => tag.dataSource.publicId === source.publicId).map((tag) => tag.address),
  );
  const names = new Set(tags.map((tag) => tag.name.toLowerCase()));
  return simulatorTags
    .filter((preset) => !addresses.has(preset.address) && !names.has(preset.name.toLowerCase()))
    .map((preset) => ({
      ...preset,
      dataSource: { publicId: source.publicId },
      sampleIntervalSeconds: 5,
      logMode: 'change' as const,
    }));
}
