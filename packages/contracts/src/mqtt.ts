import { z } from 'zod';
import { limits } from './limits.ts';

export const mqttUrlSchemes = ['mqtt', 'mqtts', 'ws', 'wss'] as const;
export type MqttUrlScheme = (typeof mqttUrlSchemes)[number];
/** The port used when a broker address names none. */
export const mqttDefaultPorts: Record<MqttUrlScheme, number> = { mqtt: 1883, mqtts: 8883, ws: 80, wss: 443 };

export const mqttUrlMaxLength = 2048;
export const mqttClientIdMaxLength = 255;
export const mqttUsernameMaxLength = 1024;
/** Long enough for the signed tokens cloud brokers take as passwords. */
export const mqttPasswordMaxLength = 4096;
/** A connection test gives up after this long, whatever the broker does. */
export const mqttConnectionTestTimeoutMs = 5000;

/** Stable messages of the MQTT broker API; the web app translates them. */
export const mqttErrorMessages = {
  urlInvalid: 'Invalid broker address',
  urlScheme: 'Use an mqtt://, mqtts://, ws:// or wss:// address',
  urlCredentials: 'Put the user name and password in their own fields',
  /** MQTT 3.1.1 sends a password only together with a user name. */
  passwordWithoutUsername: 'A password needs a user name',
} as const;
export type MqttUrlProblem = Exclude<keyof typeof mqttErrorMessages, 'passwordWithoutUsername'>;

/**
 * What is wrong with a broker address, or null when it is usable: one of the four schemes, a
 * host, an optional port, a path only for WebSockets, and no credentials inside it.
 */
export function brokerUrlProblem(value: string): MqttUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'urlInvalid';
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(mqttUrlSchemes as readonly string[]).includes(scheme)) return 'urlScheme';
  if (url.username !== '' || url.password !== '') return 'urlCredentials';
  if (url.hostname === '' || url.port === '0' || url.hash !== '') return 'urlInvalid';
  const webSocket = scheme === 'ws' || scheme === 'wss';
  if (!webSocket && ((url.pathname !== '' && url.pathname !== '/') || url.search !== '')) return 'urlInvalid';
  return null;
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const brokerFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  url: z.string().trim().min(1).max(mqttUrlMaxLength),
  clientId: optionalText(mqttClientIdMaxLength),
  username: optionalText(mqttUsernameMaxLength),
  /** Write-only: never returned. `null` clears a stored password; leaving it out keeps it. */
  password: z.string().min(1).max(mqttPasswordMaxLength).nullable().optional(),
};

/** `POST MqttBrokerList`; empty client id and user name are stored as none. */
export const mqttBrokerCreateInput = z.strictObject(brokerFields);
export type MqttBrokerCreateInput = z.input<typeof mqttBrokerCreateInput>;

export const mqttBrokerPatchInput = z.strictObject({
  ...brokerFields,
  name: brokerFields.name.optional(),
  url: brokerFields.url.optional(),
});
export type MqttBrokerPatchInput = z.input<typeof mqttBrokerPatchInput>;

/**
 * `POST MqttBrokerConnectionTestList`: tries settings that are not saved yet. With `publicId`,
 * a saved broker's stored password is used when `password` is left out (an edit dialog never
 * sees the stored password).
 */
export const mqttConnectionTestInput = z.strictObject({
  url: brokerFields.url,
  clientId: brokerFields.clientId,
  username: brokerFields.username,
  password: brokerFields.password,
  publicId: z
    .string()
    .regex(/^[0-9a-z]{12}$/)
    .optional(),
});
export type MqttConnectionTestInput = z.input<typeof mqttConnectionTestInput>;

export type MqttBroker = {
  publicId: string;
  name: string;
  url: string;
  clientId: string | null;
  username: string | null;
  /** Whether a password is stored; the password itself is never returned. */
  hasPassword: boolean;
};

/** A broker that cannot be reached is an answer (200), not an API error. */
export type MqttConnectionTestResult =
  { connected: true; latencyMs: number } | { connected: false; error: string };
