import ivm from 'isolated-vm';
import { bootstrapFilename, bootstrapSource } from './sandbox-bootstrap.ts';
import { sandboxFetch } from './sandbox-fetch.ts';
import { createRecorder } from './sandbox-recorder.ts';
import {
  functionFilename,
  sandboxCaps,
  sandboxMessages,
  type SandboxInput,
  type SandboxLimits,
  type SandboxOutcome,
} from './sandbox-types.ts';

type RunAnswer = { ok: boolean; json?: unknown; error?: unknown; noHandler?: unknown };
/** The bootstrap's runner; isolated-vm awaits the promise it returns (`result.promise`). */
type RunFunction = (message: unknown, config: unknown) => RunAnswer;

/**
 * Runs one function in a fresh isolate (child process side). Never rejects: every way a run can
 * end becomes an outcome. The wall-clock timer covers what isolated-vm's per-call `timeout`
 * cannot: time spent awaiting (fetch, timers, a promise that never settles) and code that runs
 * after an await. It disposes the isolate, which stops whatever runs in it.
 */
export async function runInIsolate(
  input: SandboxInput,
  limits: SandboxLimits,
  onCatastrophicError: (message: string) => void,
): Promise<SandboxOutcome> {
  const started = performance.now();
  const deadline = Date.now() + limits.timeoutMs;
  const recorder = createRecorder();
  const runEnded = new AbortController();
  const isolate = new ivm.Isolate({ memoryLimit: limits.memoryMb, onCatastrophicError });
  let stoppedBy: 'timeout' | 'memory' | null = null;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const timer = setTimeout(() => {
    // isolated-vm disposes an isolate itself when it exceeds its memory limit.
    stoppedBy = isolate.isDisposed ? 'memory' : 'timeout';
    stop();
    runEnded.abort();
  }, limits.timeoutMs);
  const remaining = () => Math.max(1, deadline - Date.now());

  const finish = (
    status: SandboxOutcome['status'],
    result: unknown,
    error: string | null,
  ): SandboxOutcome => ({
    status,
    result,
    error,
    logs: recorder.logs,
    effects: recorder.effects,
    durationMs: Math.round(performance.now() - started),
  });

  try {
    const run = await Promise.race([
      prepare(isolate, input, recorder, runEnded.signal, remaining),
      stopped.then(() => null),
    ]);
    if (!run) return stoppedOutcome(stoppedBy ?? 'timeout', limits, finish);
    const answer = await Promise.race([
      run.apply(undefined, [input.message, input.config], {
        arguments: { copy: true },
        result: { promise: true, copy: true },
        timeout: remaining(),
      }),
      stopped.then(() => null),
    ]);
    if (!answer) return stoppedOutcome(stoppedBy ?? 'timeout', limits, finish);
    return answerOutcome(answer, finish);
  } catch (error) {
    const kind = stoppedBy ?? classify(error, isolate);
    if (kind) return stoppedOutcome(kind, limits, finish);
    return finish('error', null, describeHostError(error));
  } finally {
    clearTimeout(timer);
    runEnded.abort();
    if (!isolate.isDisposed) isolate.dispose();
  }
}

async function prepare(
  isolate: ivm.Isolate,
  input: SandboxInput,
  recorder: ReturnType<typeof createRecorder>,
  runEnded: AbortSignal,
  remaining: () => number,
): Promise<ivm.Reference<RunFunction>> {
  const context = await isolate.createContext();
  let fetches = 0;
  let timers = 0;
  const fetch = new ivm.Reference(async (url: unknown, method: unknown, headers: unknown, body: unknown) => {
    fetches += 1;
    if (fetches > sandboxCaps.fetchesPerRun)
      return { error: `At most ${sandboxCaps.fetchesPerRun} requests per run` };
    return sandboxFetch(url, method, headers, body, {
      allowedHosts: input.allowedHosts,
      allowPrivateNetworks: input.allowPrivateNetworks,
      signal: runEnded,
    });
  });
  const sleep = new ivm.Reference(async (ms: unknown) => {
    timers += 1;
    if (timers > sandboxCaps.timersPerRun)
      return `setTimeout: at most ${sandboxCaps.timersPerRun} timers per run`;
    const wait = Math.min(Math.max(0, Number(ms) || 0), remaining());
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      runEnded.addEventListener('abort', () => clearTimeout(timer), { once: true });
    });
    return null;
  });
  const run = (await context.evalClosure(
    bootstrapSource,
    [
      new ivm.Callback((level: unknown, text: unknown) => recorder.log(level, text)),
      new ivm.Callback((type: unknown, json: unknown) => recorder.effect(type, json)),
      fetch,
      sleep,
    ],
    { filename: bootstrapFilename, timeout: remaining(), result: { reference: true } },
  )) as ivm.Reference<RunFunction>;
  const script = await isolate.compileScript(input.code, { filename: functionFilename });
  await script.run(context, { timeout: remaining() });
  return run;
}

function answerOutcome(
  answer: RunAnswer,
  finish: (status: SandboxOutcome['status'], result: unknown, error: string | null) => SandboxOutcome,
): SandboxOutcome {
  if (answer.noHandler === true) return finish('error', null, sandboxMessages.noHandler);
  if (answer.ok !== true) return finish('error', null, cleanStack(String(answer.error)));
  if (typeof answer.json !== 'string') return finish('ok', null, null);
  if (Buffer.byteLength(answer.json) > sandboxCaps.resultBytes)
    return finish('error', null, sandboxMessages.resultTooLarge);
  return finish('ok', JSON.parse(answer.json) as unknown, null);
}

function stoppedOutcome(
  kind: 'timeout' | 'memory',
  limits: SandboxLimits,
  finish: (status: SandboxOutcome['status'], result: unknown, error: string | null) => SandboxOutcome,
): SandboxOutcome {
  return kind === 'memory'
    ? finish('memory', null, sandboxMessages.memory)
    : finish('timeout', null, sandboxMessages.timeout(limits.timeoutMs));
}

/** Errors isolated-vm raises when it stops a run itself (its own timeout, the memory limit). */
function classify(error: unknown, isolate: ivm.Isolate): 'timeout' | 'memory' | null {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Script execution timed out.') return 'timeout';
  if (message.includes('memory limit') || isolate.isDisposed) return 'memory';
  return null;
}

/**
 * An error raised while compiling or running the script's top level arrives as a host-side
 * copy: keep its name, message and the function's own stack lines, nothing of the child's.
 */
function describeHostError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const ownLines = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.includes(functionFilename) && /^\s+at /.test(line));
  return cleanStack([`${error.name}: ${error.message}`, ...ownLines].join('\n'));
}

/** Drops the bootstrap's and isolated-vm's frames, which say nothing about the function. */
function cleanStack(stack: string): string {
  const kept = stack
    .split('\n')
    .filter((line) => !line.includes(bootstrapFilename) && !line.includes('<isolated-vm'))
    .join('\n');
  return kept.length > sandboxCaps.errorLength ? `${kept.slice(0, sandboxCaps.errorLength - 1)}…` : kept;
}
