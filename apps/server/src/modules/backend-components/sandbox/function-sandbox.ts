import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { backendComponentLimits } from '@fleetgate/contracts';
import {
  sandboxMessages,
  type HostReply,
  type HostRequest,
  type SandboxInput,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandbox-types.ts';

export type { SandboxEffect, SandboxInput, SandboxLogLine, SandboxOutcome } from './sandbox-types.ts';

export type FunctionSandbox = {
  run(input: SandboxInput, limits?: { timeoutMs?: number; memoryMb?: number }): Promise<SandboxOutcome>;
  close(): Promise<void>;
  /** The child process's id while one runs (diagnostics, and tests that kill it). */
  readonly pid: number | undefined;
};

type Pending = {
  child: ChildProcess;
  timeoutMs: number;
  resolve: (outcome: SandboxOutcome) => void;
  guard?: NodeJS.Timeout;
};

const hostPath = fileURLToPath(new URL('./sandbox-host.ts', import.meta.url));
/**
 * How long past its own limit a run may take, from the moment the child started it, before the
 * parent gives up on the child. The child stops runs itself; this only catches a child that
 * cannot (V8 code that ignores termination). It starts when the child takes the run, so a slow
 * start of the child process does not count against the function.
 */
const guardGraceMs = 3000;

/**
 * Runs company-written functions in a child process, each in its own V8 isolate (isolated-vm),
 * never in the server's context. The child starts on the first run, serves many runs at once,
 * is replaced when it dies, and is killed by `close()`.
 */
export function createFunctionSandbox(
  options: { log?: { error(obj: unknown, msg?: string): void } } = {},
): FunctionSandbox {
  let child: ChildProcess | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function settle(id: number, outcome: SandboxOutcome) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimeout(entry.guard);
    entry.resolve(outcome);
    if (![...pending.values()].some((other) => other.child === entry.child)) idle(entry.child);
  }

  function guard(id: number) {
    const entry = pending.get(id);
    if (!entry) return;
    entry.guard = setTimeout(() => {
      options.log?.error({ id }, 'Function sandbox did not stop a run; restarting it');
      settle(id, stoppedOutcome(sandboxMessages.timeout(entry.timeoutMs), 'timeout'));
      entry.child.kill('SIGKILL');
    }, entry.timeoutMs + guardGraceMs);
  }

  function start(): ChildProcess {
    const started = fork(hostPath, [], {
      execPath: process.execPath,
      // isolated-vm needs V8 without Node's startup snapshot (Node 20 and later).
      execArgv: ['--no-node-snapshot'],
      // The child needs no configuration, and must not see the server's secrets.
      env: {},
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    started.on('message', (reply: HostReply) => {
      if (reply.type === 'started') guard(reply.id);
      else if (reply.type === 'outcome') settle(reply.id, reply.outcome);
      else options.log?.error({ fault: reply.message }, 'Function sandbox fault');
    });
    started.on('error', (error) => options.log?.error({ err: error }, 'Function sandbox process error'));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      const lost = [...pending.entries()].filter(([, entry]) => entry.child === started);
      if (lost.length > 0)
        options.log?.error({ code, signal, runs: lost.length }, 'Function sandbox stopped');
      for (const [id] of lost) settle(id, stoppedOutcome(sandboxMessages.stopped));
    });
    return started;
  }

  async function run(input: SandboxInput, limits: { timeoutMs?: number; memoryMb?: number } = {}) {
    if (closed) throw new Error(sandboxMessages.closed);
    const resolved: SandboxLimits = {
      timeoutMs: limits.timeoutMs ?? backendComponentLimits.timeoutMs,
      memoryMb: limits.memoryMb ?? backendComponentLimits.memoryMb,
    };
    child ??= start();
    const target = child;
    const id = nextId++;
    const request: HostRequest = { type: 'run', id, input, limits: resolved };
    return new Promise<SandboxOutcome>((resolve) => {
      pending.set(id, { child: target, timeoutMs: resolved.timeoutMs, resolve });
      busy(target);
      target.send(request, (error) => {
        if (error) settle(id, stoppedOutcome(sandboxMessages.stopped));
      });
    });
  }

  async function close() {
    closed = true;
    const last = child;
    child = null;
    if (!last || last.exitCode !== null || last.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => last.once('exit', () => resolve()));
    last.kill('SIGKILL');
    await exited;
  }

  return {
    run,
    close,
    get pid() {
      return child?.pid;
    },
  };
}

/** An idle child must not keep the server (or a test runner) from exiting. */
function idle(child: ChildProcess) {
  child.unref();
  child.channel?.unref();
}

function busy(child: ChildProcess) {
  child.ref();
  child.channel?.ref();
}

function stoppedOutcome(error: string, status: SandboxOutcome['status'] = 'error'): SandboxOutcome {
  return { status, result: null, error, logs: [], effects: [], durationMs: 0 };
}
