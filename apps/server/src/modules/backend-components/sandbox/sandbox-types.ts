import { backendComponentErrors } from '@fleetgate/contracts';

/** The contract between the server, the sandbox's child process and the function's isolate. */
export type SandboxInput = {
  /** A script that defines `async function handler(message, context)` (or a synchronous one). */
  code: string;
  /** JSON-able; the function gets a copy. */
  message: unknown;
  /** Values and decrypted secrets merged; the function gets a copy. */
  config: Record<string, string>;
  /** "host" (any port) or "host:port", lower case: the only targets `fetch` may reach. */
  allowedHosts: string[];
  /** The operator's outbound policy: lets `fetch` reach loopback and private networks (tests). */
  allowPrivateNetworks: boolean;
};

export type SandboxEffect =
  | { type: 'writeTag'; name: string; value: number; unit?: string; time?: string }
  | { type: 'sendMessage'; subject: string; body: string }
  | { type: 'callWebhook'; webhook: string; payload: unknown };

export type SandboxLogLine = { level: 'log' | 'info' | 'warn' | 'error'; text: string; at: string };

export type SandboxOutcome = {
  status: 'ok' | 'error' | 'timeout' | 'memory';
  /** The handler's resolved value as a JSON copy; null when there is none or the run failed. */
  result: unknown;
  /** Message and stack for 'error'; a plain sentence for 'timeout' and 'memory'. */
  error: string | null;
  logs: SandboxLogLine[];
  /** What the function asked for, in order, already validated; the server decides what to apply. */
  effects: SandboxEffect[];
  durationMs: number;
};

export type SandboxLimits = { timeoutMs: number; memoryMb: number };

/** Per-run caps besides time and memory. They bound what one run can cost the server. */
export const sandboxCaps = {
  effects: 100,
  logLines: 200,
  logLineLength: 2000,
  resultBytes: 64 * 1024,
  errorLength: 8000,
  tagUnitLength: 64,
  messageSubjectLength: 255,
  messageBodyLength: 4000,
  webhookPayloadBytes: 64 * 1024,
  fetchesPerRun: 50,
  fetchRequestBytes: 1024 * 1024,
  fetchResponseBytes: 1024 * 1024,
  timersPerRun: 1000,
} as const;

/** The file name the function's own stack lines carry. */
export const functionFilename = 'function.js';

export const sandboxMessages = {
  stopped: 'The sandbox stopped',
  noHandler: backendComponentErrors.codeWithoutHandler,
  closed: 'The sandbox is closed',
  memory: 'The function was stopped because it used more than the memory limit',
  timeout: (timeoutMs: number) => `The function was stopped after ${formatSeconds(timeoutMs)}`,
  resultTooLarge: `The result is larger than ${sandboxCaps.resultBytes / 1024} KB`,
} as const;

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** Parent → child: one run. Child → parent: that it started, its outcome, or a fault worth logging. */
export type HostRequest = { type: 'run'; id: number; input: SandboxInput; limits: SandboxLimits };
export type HostReply =
  | { type: 'started'; id: number }
  | { type: 'outcome'; id: number; outcome: SandboxOutcome }
  | { type: 'fault'; message: string };
