import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { formatServiceSpec, parseServiceSpec, type LanService } from './services.ts';

/** What `enroll` writes and `run` reads. The credential is a secret: the file is mode 0600. */
export type AgentConfig = {
  server: string;
  agentId: string;
  credential: string;
  relayUrl: string;
  services: LanService[];
  /** Enrolled with --simulate: `run` starts the demo services on the recorded ports. */
  simulate?: boolean;
};

export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FLEETGATE_AGENT_CONFIG || path.join(homedir(), '.config', 'fleetgate-agent', 'config.json');
}

export async function writeConfig(file: string, config: AgentConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  // writeFile keeps the mode of an existing file; a re-enrolment must not leave it readable.
  await chmod(file, 0o600);
}

export async function readConfig(file: string): Promise<AgentConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`No agent configuration at ${file}; run "fleetgate-agent enroll" first`);
  }
  return validateConfig(JSON.parse(text) as unknown, file);
}

function validateConfig(value: unknown, file: string): AgentConfig {
  const config = value as Partial<AgentConfig> | null;
  const text = (key: keyof AgentConfig) => {
    const field = config?.[key];
    if (typeof field !== 'string' || field === '') throw new Error(`${file}: "${key}" is missing`);
    return field;
  };
  if (!Array.isArray(config?.services)) throw new Error(`${file}: "services" is missing`);
  // Each service goes through the same parser as the command line, so the allow-list is never looser.
  const services = config.services.map((s: LanService) => parseServiceSpec(formatServiceSpec(s)));
  return {
    server: text('server'),
    agentId: text('agentId'),
    credential: text('credential'),
    relayUrl: text('relayUrl'),
    services,
    ...(config.simulate ? { simulate: true } : {}),
  };
}
