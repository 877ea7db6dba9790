import { z } from 'zod';
import { limits } from './limits.ts';

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const reference = z.strictObject({ publicId });

/**
 * Data logging: per agent, data sources (where values come from) and tags (one value each).
 * The server pushes the agent's logging configuration (`AgentDataConfig`) to the agent over its
 * relay connection; the agent samples and sends batches (`AgentSampleBatch`); samples are kept
 * partitioned by month and read raw or aggregated per bucket.
 */
/** The kinds a user adds. */
export const dataSourceKinds = ['modbus', 'mqtt'] as const;
/** `function`: the source a backend component's derived tags belong to, added by the server on the first write. */
export type DataSourceKind = (typeof dataSourceKinds)[number] | 'function';

export const tagDataTypes = ['bool', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64'] as const;
export type TagDataType = (typeof tagDataTypes)[number];

/** Modbus register areas a tag address names: `hr:40` (holding register 40), `ir:0`, `coil:3`, `di:1`. */
export const modbusAreas = ['hr', 'ir', 'coil', 'di'] as const;
export type ModbusArea = (typeof modbusAreas)[number];
export const modbusAddressPattern = /^(hr|ir|coil|di):([0-9]{1,5})$/;

export const tagLogModes = ['change', 'interval'] as const;
export type TagLogMode = (typeof tagLogModes)[number];

export const dataLoggingLimits = {
  /** Tags per agent. */
  tagsPerAgent: 2000,
  dataSourcesPerAgent: 50,
  minSampleIntervalSeconds: 1,
  maxSampleIntervalSeconds: 86_400,
  /** Samples in one batch the agent sends. */
  samplesPerBatch: 5000,
  /** Raw samples in one page of `GET AgentSampleList`. */
  samplesPageSize: 1000,
  maxSamplesPageSize: 10_000,
  /** Buckets one aggregate query may answer (the bucket is widened to stay under it). */
  maxBuckets: 2000,
  /**
   * The largest |value| stored: a sample beyond it is refused (alone, the batch's others are
   * stored), so sums over a bucket's samples stay finite.
   */
  maxSampleMagnitude: 1e300,
  /** The longest period one raw read (`TagSampleList`) covers. */
  maxRawReadDays: 31,
  /** The longest period one chart (`…SampleSeriesList`, a page's custom period) covers. */
  maxSeriesDays: 366,
  /** The instants samples are read between: 1970-01-01 up to the start of year 9999. */
  earliestSampleTime: Date.UTC(1970, 0, 1),
  latestSampleTime: Date.UTC(9999, 0, 1),
  /** Indexes of refused samples an acknowledgement lists (it counts them all). */
  maxRejectedIndexes: 100,
} as const;

const dataSourceFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  kind: z.enum(dataSourceKinds),
  /** modbus: the agent's service (a `tcp` service of the agent) the Modbus TCP device listens on. */
  server: reference.nullable().optional(),
  /** modbus: the unit (slave) id, 0–255; 1 when left out. */
  unitId: z.number().int().min(0).max(255).optional(),
  /** mqtt: one of the company's MQTT brokers; its topics are read by the server. */
  mqttBroker: reference.nullable().optional(),
};

/** `POST AgentDataSourceList/{agentPublicId}`. */
export const dataSourceCreateInput = z.strictObject(dataSourceFields);
export type DataSourceCreateInput = z.input<typeof dataSourceCreateInput>;
/** `PATCH DataSource/{publicId}` (the kind cannot change). */
export const dataSourcePatchInput = z.strictObject({
  name: dataSourceFields.name.optional(),
  server: dataSourceFields.server,
  unitId: dataSourceFields.unitId,
  mqttBroker: dataSourceFields.mqttBroker,
});
export type DataSourcePatchInput = z.input<typeof dataSourcePatchInput>;

export type DataSource = {
  publicId: string;
  name: string;
  kind: DataSourceKind;
  agent: { publicId: string; name: string };
  server: { publicId: string; name: string } | null;
  unitId: number;
  mqttBroker: { publicId: string; name: string } | null;
  createdOn: string;
};

const tagFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  dataSource: reference,
  /** modbus: `hr:0`, `ir:3`, `coil:1`, `di:0` (see modbusAddressPattern); mqtt: the topic (no wildcards). */
  address: z.string().trim().min(1).max(1024),
  dataType: z.enum(tagDataTypes),
  /** The stored value is raw × scale. */
  scale: z
    .number()
    .finite()
    .refine((v) => v !== 0, 'Must not be 0')
    .optional(),
  unit: z.string().trim().max(32).optional(),
  sampleIntervalSeconds: z
    .number()
    .int()
    .min(dataLoggingLimits.minSampleIntervalSeconds)
    .max(dataLoggingLimits.maxSampleIntervalSeconds)
    .optional(),
  /** change: a sample when the value changed (read every interval); interval: every interval. */
  logMode: z.enum(tagLogModes).optional(),
};

/** `POST AgentTagList/{agentPublicId}`. */
export const tagCreateInput = z.strictObject(tagFields);
export type TagCreateInput = z.input<typeof tagCreateInput>;
/** `PATCH Tag/{publicId}`. */
export const tagPatchInput = z.strictObject({
  name: tagFields.name.optional(),
  dataSource: tagFields.dataSource.optional(),
  address: tagFields.address.optional(),
  dataType: tagFields.dataType.optional(),
  scale: tagFields.scale,
  unit: tagFields.unit,
  sampleIntervalSeconds: tagFields.sampleIntervalSeconds,
  logMode: tagFields.logMode,
});
export type TagPatchInput = z.input<typeof tagPatchInput>;

export type Tag = {
  publicId: string;
  name: string;
  agent: { publicId: string; name: string };
  dataSource: { publicId: string; name: string; kind: DataSourceKind };
  address: string;
  dataType: TagDataType;
  scale: number;
  unit: string;
  sampleIntervalSeconds: number;
  logMode: TagLogMode;
  /** The newest stored sample, or null. */
  last: { time: string; value: number } | null;
  createdOn: string;
};

/** One stored value. `time` is when the agent read it (ISO 8601, milliseconds). */
export type Sample = { tag: { publicId: string }; time: string; value: number };

/** One bucket of `GET TagSampleAggregateList/{tagPublicId}?start&end[&bucket]`. */
export type SampleBucket = {
  time: string;
  min: number;
  max: number;
  mean: number;
  last: number;
  count: number;
};

/**
 * `GET AgentSampleSeriesList/{agentPublicId}?tag=<name>&tag=<name>&start=<ISO>&end=<ISO>[&bucketSeconds=<n>]`:
 * one series per asked tag name, in the order asked (at most 20). Without `bucketSeconds` the
 * server picks a bucket giving at most `maxBuckets` buckets; a name the agent has no tag for
 * gives `tag: null` and no buckets (a page built for other devices still shows). For an asset,
 * `AssetSampleSeriesList/{assetPublicId}` reads its agent's tags.
 */
export type SampleSeries = {
  name: string;
  tag: { publicId: string; unit: string } | null;
  bucketSeconds: number;
  buckets: SampleBucket[];
};

/** The agent's logging state, part of `Agent` as `dataLogging`. */
export type AgentLoggingState = {
  /** Logging is activated (trial, licence or coupon) and the agent collects. */
  collecting: boolean;
  lastSampleOn: string | null;
  samplesStored: number;
  /** Samples the agent dropped while offline because its buffer was full. */
  samplesDropped: number;
};

// ---- agent ↔ server ----

/** The relay opens a stream with this target on an attached agent and writes the config as JSON. */
export const agentDataConfigTarget = 'fleetgate:data-config';

/**
 * What the agent collects; sent by the server whenever it changes and on every attach. An empty
 * `tags` (logging not activated, or none configured) stops collection.
 */
export type AgentDataConfig = {
  /** Changes whenever anything below changes. */
  version: string;
  collecting: boolean;
  sources: {
    id: string;
    kind: 'modbus';
    /** The agent's own service name; the agent resolves it to host:port itself. */
    service: string;
    unitId: number;
  }[];
  tags: {
    id: string;
    source: string;
    address: string;
    dataType: TagDataType;
    scale: number;
    intervalSeconds: number;
    logMode: TagLogMode;
  }[];
};

/**
 * `POST AgentSampleBatch` (the agent's credential as Bearer): samples the agent collected. The
 * server answers 200 `{ batchId, stored, rejected, rejectedIndexes }` only after the samples are
 * committed; a sample already stored (same tag and time) is not stored again, so a batch can be
 * resent safely. A sample is checked on its own: one whose time is out of range (before 2000 or
 * more than a day ahead of the server) or whose value is not a number (`null`, which is how JSON
 * carries NaN and infinities) or beyond `maxSampleMagnitude` is refused and counted in `rejected`;
 * the batch's other samples are stored. Only a batch that is wrong as a whole (its id, its shape,
 * too many samples) is a 400, which the agent must not resend.
 */
export const agentSampleBatchInput = z.strictObject({
  /** Chosen by the agent; echoed in the answer. */
  batchId: z.string().min(1).max(64),
  /** Samples the agent dropped (buffer full) since its last acknowledged batch. */
  dropped: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** `[tag publicId, time in ms since 1970, value]`. */
  samples: z
    .array(z.tuple([z.string().regex(/^[0-9a-z]{12}$/), z.number().int(), z.number().nullable()]))
    .max(dataLoggingLimits.samplesPerBatch),
});
export type AgentSampleBatchInput = z.input<typeof agentSampleBatchInput>;
export type AgentSampleBatchAck = {
  batchId: string;
  stored: number;
  /** Samples refused one by one (time out of range, no finite value, too large a value). */
  rejected: number;
  /** The first `maxRejectedIndexes` of them, as indexes into `samples`. */
  rejectedIndexes: number[];
};

export const dataLoggingErrors = {
  loggingNotActive: 'Data logging is not activated for this agent',
  addressInvalid: 'Use hr:, ir:, coil: or di: and a register number, for example hr:0',
  dataSourceKindFields: 'Does not belong to this kind of data source',
  tagLimit: 'Too many tags on this agent',
  dataSourceInUse: 'The data source still has tags',
} as const;

/**
 * `AgentSampleBatch`'s 503 (with Retry-After) when the embedded database has as many batches
 * waiting as it takes; for the agent, which sends the batch again, not for a person.
 */
export const sampleBatchBusyMessage = 'The server is busy storing other samples; send this batch again later';
