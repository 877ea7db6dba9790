import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  dataLoggingLimits,
  modbusAddressPattern,
  tagDataTypes,
  tagLogModes,
  type AgentDataConfig,
} from '@fleetgate/contracts';
import type { TunnelStream } from '@fleetgate/tunnel-protocol';
import { atomicWrite } from './atomic-write.ts';

/** A config is a few hundred bytes per tag; more than this is not one. */
export const dataConfigMaxBytes = 1024 * 1024;
/** Where the last applied config is kept, next to the agent's configuration. */
export const dataConfigFile = 'data-config.json';

const id = z.string().min(1).max(64);

/** The shape of `AgentDataConfig` (contracts data-logging.ts), checked before anything is applied. */
export const agentDataConfigSchema = z
  .object({
    version: z.string().min(1).max(200),
    collecting: z.boolean(),
    sources: z
      .array(
        z.object({
          id,
          kind: z.literal('modbus'),
          service: z.string().min(1).max(64),
          unitId: z.number().int().min(0).max(255),
        }),
      )
      .max(dataLoggingLimits.dataSourcesPerAgent),
    tags: z
      .array(
        z.object({
          id: z.string().regex(/^[0-9a-z]{12}$/),
          source: id,
          address: z.string().regex(modbusAddressPattern),
          dataType: z.enum(tagDataTypes),
          scale: z.number().finite(),
          intervalSeconds: z
            .number()
            .int()
            .min(dataLoggingLimits.minSampleIntervalSeconds)
            .max(dataLoggingLimits.maxSampleIntervalSeconds),
          logMode: z.enum(tagLogModes),
        }),
      )
      .max(dataLoggingLimits.tagsPerAgent),
  })
  .superRefine((config, context) => {
    const sources = new Set(config.sources.map((s) => s.id));
    config.tags.forEach((tag, index) => {
      if (!sources.has(tag.source))
        context.addIssue({ code: 'custom', path: ['tags', index, 'source'], message: 'No such source' });
      const register = Number(modbusAddressPattern.exec(tag.address)?.[2]);
      if (register > 65_535)
        context.addIssue({ code: 'custom', path: ['tags', index, 'address'], message: 'Above 65535' });
    });
  }) satisfies z.ZodType<AgentDataConfig>;

/** Checks a config: the config, or why it is not one. */
export function parseDataConfig(text: string): { config: AgentDataConfig } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'not JSON' };
  }
  const result = agentDataConfigSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { error: `${issue.path.join('.') || 'config'}: ${issue.message}` };
  }
  return { config: result.data };
}

/** The config the agent applied last, or null (none yet, or the file is not a config). */
export async function readStoredDataConfig(dir: string): Promise<AgentDataConfig | null> {
  let text: string;
  try {
    text = await readFile(path.join(dir, dataConfigFile), 'utf8');
  } catch {
    return null;
  }
  const parsed = parseDataConfig(text);
  return 'config' in parsed ? parsed.config : null;
}

export async function storeDataConfig(dir: string, config: AgentDataConfig): Promise<void> {
  await atomicWrite(path.join(dir, dataConfigFile), JSON.stringify(config) + '\n');
}

/**
 * Serves one `fleetgate:data-config` stream: reads the config to the end (refusing more than
 * 1 MB), checks it, hands it to `apply` and answers `ok <version>\n`, or `error <message>\n`
 * with the old config kept, then ends the stream.
 */
export function receiveDataConfig(
  stream: TunnelStream,
  apply: (config: AgentDataConfig) => Promise<void>,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    const answer = (line: string) => {
      if (answered) return;
      answered = true;
      stream.end(`${line}\n`);
      resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      if (answered) return;
      size += chunk.length;
      if (size > dataConfigMaxBytes) {
        log('data logging: refused a configuration larger than 1 MB');
        answer('error config larger than 1 MB');
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', () => {
      answered = true;
      resolve();
    });
    stream.on('close', () => {
      answered = true;
      resolve();
    });
    stream.on('end', () => {
      if (answered) return;
      const parsed = parseDataConfig(Buffer.concat(chunks).toString('utf8'));
      if ('error' in parsed) {
        log(`data logging: refused a configuration (${parsed.error}); keeping the previous one`);
        return answer(`error ${parsed.error}`);
      }
      apply(parsed.config).then(
        () => answer(`ok ${parsed.config.version}`),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          log(`data logging: cannot apply the configuration (${message})`);
          answer(`error ${message}`);
        },
      );
    });
  });
}
