import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { errorMessages } from '@fleetgate/contracts';

export const forceProtocols = ['tcp', 'tcp4', 'tcp6'] as const;
export type ForceProtocol = (typeof forceProtocols)[number];

/** What the user can change on the settings page; kept in settings.json. */
export type Settings = {
  /** Portal addresses (where the web app and its /api live); their origins may use the local API. */
  portals: string[];
  /** Further browser origins allowed to use the local API (a web dev server); they talk to the first portal. */
  origins: string[];
  /** tcp: whatever the relay's name resolves to first; tcp4 / tcp6: only that address family. */
  forceProtocol: ForceProtocol;
  /**
   * Where a service (or the SOCKS5 proxy) without a remembered port gets one: the first free
   * port from here upwards; null: any free port the system picks. Either way it is remembered.
   */
  basePort: number | null;
};

export type SettingsError = { message: string; propertyName: string };

export const defaultSettings: Settings = {
  portals: ['http://localhost:8080'],
  origins: [],
  forceProtocol: 'tcp',
  // Next to the connector's own 9250: SOCKS5 on 9251 and the services after it, on a fresh computer.
  basePort: 9251,
};

export function defaultSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return env.FLEETGATE_CONNECTOR_SETTINGS || path.join(base, 'fleetgate-connector', 'settings.json');
}

/** A portal address without trailing slash; only http(s), no credentials, query or fragment. */
export function normalizePortal(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A browser origin (scheme://host[:port]) exactly as the Origin header carries it. */
export function normalizeOrigin(value: string): string | undefined {
  const portal = normalizePortal(value);
  if (!portal) return undefined;
  const origin = new URL(portal).origin;
  return portal === origin ? origin : undefined;
}

/** Checks a partial settings object; returns the merged settings or the errors in the wire format. */
export function parseSettings(
  input: unknown,
  base: Settings,
): { settings: Settings; errors: [] } | { settings?: undefined; errors: SettingsError[] } {
  const errors: SettingsError[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { errors: [{ message: errorMessages.invalid, propertyName: '' }] };
  }
  const record = input as Record<string, unknown>;
  const settings: Settings = { ...base };
  for (const key of Object.keys(record)) {
    if (!(key in defaultSettings)) errors.push({ message: errorMessages.invalid, propertyName: key });
  }
  const list = (key: 'portals' | 'origins', normalize: (v: string) => string | undefined) => {
    const value = record[key];
    if (value === undefined) return;
    if (!Array.isArray(value) || value.length > 20) {
      errors.push({ message: errorMessages.invalid, propertyName: key });
      return;
    }
    const out: string[] = [];
    value.forEach((item: unknown, index) => {
      const normalized = typeof item === 'string' ? normalize(item) : undefined;
      if (normalized === undefined)
        errors.push({ message: errorMessages.invalid, propertyName: `${key}.${index}` });
      else if (!out.includes(normalized)) out.push(normalized);
    });
    settings[key] = out;
  };
  list('portals', normalizePortal);
  list('origins', normalizeOrigin);
  if (settings.portals.length === 0 && !errors.some((e) => e.propertyName.startsWith('portals')))
    errors.push({ message: errorMessages.required, propertyName: 'portals' });
  if (record.forceProtocol !== undefined) {
    const value = record.forceProtocol;
    if (typeof value === 'string' && (forceProtocols as readonly string[]).includes(value)) {
      settings.forceProtocol = value as ForceProtocol;
    } else errors.push({ message: errorMessages.invalid, propertyName: 'forceProtocol' });
  }
  if (record.basePort !== undefined) {
    const value = record.basePort;
    if (value === null) settings.basePort = null;
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 1024 && value <= 65000) {
      settings.basePort = value;
    } else errors.push({ message: errorMessages.invalid, propertyName: 'basePort' });
  }
  return errors.length > 0 ? { errors } : { settings, errors: [] };
}

/** A JSON file's content, or undefined when it does not exist; unreadable or broken JSON throws. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
}

/** Reads settings.json; a missing file gives the defaults, a broken one is an error worth stopping for. */
export async function readSettings(file: string): Promise<Settings> {
  const parsed = await readJsonFile(file);
  if (parsed === undefined) return { ...defaultSettings };
  const result = parseSettings(parsed, defaultSettings);
  if (!result.settings) {
    const where = result.errors.map((e) => e.propertyName).join(', ');
    throw new Error(`${file}: invalid settings (${where})`);
  }
  return result.settings;
}

/** Writes atomically (temporary file, then rename), so a crash never leaves half a file. */
export async function writeSettings(file: string, settings: Settings): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 });
  await rename(temporary, file);
}
