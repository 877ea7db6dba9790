import { limits } from '@fleetgate/contracts';
import { sandboxCaps, type SandboxEffect, type SandboxLogLine } from './sandbox-types.ts';

/** An error the isolate rethrows inside the function, as that type, with this message. */
export type EffectRefusal = { name: 'TypeError' | 'RangeError'; message: string };

const levels = new Set(['log', 'info', 'warn', 'error']);
const publicIdPattern = /^[0-9a-z]{12}$/;

/**
 * Collects one run's console lines and effects in the child process. Everything arrives from
 * the isolate as untrusted values: the function could call the raw callbacks with anything, so
 * each argument is checked here, not only in the isolate's friendly wrappers.
 */
export function createRecorder() {
  const logs: SandboxLogLine[] = [];
  const effects: SandboxEffect[] = [];
  let logLinesSeen = 0;

  function log(level: unknown, text: unknown): void {
    logLinesSeen += 1;
    if (logLinesSeen > sandboxCaps.logLines + 1) return;
    const at = new Date().toISOString();
    if (logLinesSeen === sandboxCaps.logLines + 1) {
      logs.push({
        level: 'warn',
        text: `Further log lines were dropped (at most ${sandboxCaps.logLines} per run)`,
        at,
      });
      return;
    }
    const line = typeof text === 'string' ? text : String(text);
    logs.push({
      level: typeof level === 'string' && levels.has(level) ? (level as SandboxLogLine['level']) : 'log',
      text:
        line.length > sandboxCaps.logLineLength ? `${line.slice(0, sandboxCaps.logLineLength - 1)}…` : line,
      at,
    });
  }

  /** Records one effect; returns why it was refused, or null. `json` is the arguments as JSON. */
  function effect(type: unknown, json: unknown): EffectRefusal | null {
    if (effects.length >= sandboxCaps.effects)
      return {
        name: 'RangeError',
        message: `At most ${sandboxCaps.effects} effects (tags, messages, webhooks) per run`,
      };
    if (typeof json !== 'string' || json.length > sandboxCaps.webhookPayloadBytes * 2)
      return { name: 'RangeError', message: `${String(type)}: the arguments are too large` };
    let args: unknown;
    try {
      args = JSON.parse(json);
    } catch {
      return { name: 'TypeError', message: `${String(type)}: the arguments are not JSON` };
    }
    const parsed = parseEffect(type, isRecord(args) ? args : {});
    if ('message' in parsed) return parsed;
    effects.push(parsed);
    return null;
  }

  return { logs, effects, log, effect };
}

function parseEffect(type: unknown, args: Record<string, unknown>): SandboxEffect | EffectRefusal {
  switch (type) {
    case 'writeTag':
      return parseWriteTag(args);
    case 'sendMessage':
      return parseSendMessage(args);
    case 'callWebhook':
      return parseCallWebhook(args);
    default:
      return refuse(`Unknown effect ${String(type)}`);
  }
}

function parseWriteTag(args: Record<string, unknown>): SandboxEffect | EffectRefusal {
  const { name, value, unit, time } = args;
  if (!isText(name, limits.nameMaxLength))
    return refuse(
      `writeTag: the name must be a non-empty string of at most ${limits.nameMaxLength} characters`,
    );
  if (typeof value !== 'number' || !Number.isFinite(value))
    return refuse('writeTag: the value must be a finite number');
  const effect: SandboxEffect = { type: 'writeTag', name, value };
  if (unit !== undefined && unit !== null) {
    if (typeof unit !== 'string' || unit.length > sandboxCaps.tagUnitLength)
      return refuse(`writeTag: the unit must be a string of at most ${sandboxCaps.tagUnitLength} characters`);
    effect.unit = unit;
  }
  if (time !== undefined && time !== null) {
    const parsed = typeof time === 'string' && time.length <= 64 ? new Date(time) : null;
    if (!parsed || Number.isNaN(parsed.getTime()))
      return refuse('writeTag: the time must be a Date or an ISO 8601 date string');
    effect.time = parsed.toISOString();
  }
  return effect;
}

function parseSendMessage(args: Record<string, unknown>): SandboxEffect | EffectRefusal {
  const { subject, body } = args;
  if (!isText(subject, sandboxCaps.messageSubjectLength))
    return refuse(
      `sendMessage: the subject must be a non-empty string of at most ${sandboxCaps.messageSubjectLength} characters`,
    );
  if (typeof body !== 'string' || body.length > sandboxCaps.messageBodyLength)
    return refuse(
      `sendMessage: the body must be a string of at most ${sandboxCaps.messageBodyLength} characters`,
    );
  return { type: 'sendMessage', subject, body };
}

function parseCallWebhook(args: Record<string, unknown>): SandboxEffect | EffectRefusal {
  const { webhook, payload = null } = args;
  if (typeof webhook !== 'string' || !publicIdPattern.test(webhook))
    return refuse("callWebhook: the webhook must be a webhook's publicId (12 characters)");
  if (JSON.stringify(payload).length > sandboxCaps.webhookPayloadBytes)
    return {
      name: 'RangeError',
      message: `callWebhook: the payload is larger than ${sandboxCaps.webhookPayloadBytes / 1024} KB`,
    };
  return { type: 'callWebhook', webhook, payload };
}

const refuse = (message: string): EffectRefusal => ({ name: 'TypeError', message });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;
