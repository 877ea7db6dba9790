import { fork, type ChildProcess } from 'node:child_process';

/**
 * Request/reply over a forked child's IPC channel, so each role of the benchmark (server, agent,
 * connector, idle agents) runs in its own process and the server's memory is measured alone.
 */
type Request = { id: number; type: string; payload?: unknown };
type Reply = { id: number; ok: boolean; result?: unknown; error?: string };

export type ChildRole = {
  process: ChildProcess;
  request: <T>(type: string, payload?: unknown, timeoutMs?: number) => Promise<T>;
  stop: () => Promise<void>;
};

/** Forks `script` (with --expose-gc and BENCH_NODE_ARGS) and waits for its `ready` request to be answerable. */
export async function startRole(script: string, env: Record<string, string> = {}): Promise<ChildRole> {
  const child = fork(script, [], {
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside the roles.
    execArgv: ['--expose-gc', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: Reply) => {
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.ok) waiter?.resolve(message.result);
    else waiter?.reject(new Error(message.error));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`${script} exited with ${code}`));
    waiting.clear();
  });
  const request = <T>(type: string, payload?: unknown, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`${script}: ${type} took over ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      child.send({ id, type, payload } satisfies Request);
    });
  await request('ready');
  return {
    process: child,
    request,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    },
  };
}

/** The child's side: answers requests with the handler of their type; SIGTERM runs `close`. */
export function serveRole(
  handlers: Record<string, (payload: unknown) => Promise<unknown>>,
  close: () => Promise<void> = async () => undefined,
) {
  const all: Record<string, (payload: unknown) => Promise<unknown>> = {
    ready: async () => true,
    cpu: async () => process.cpuUsage(),
    ...handlers,
  };
  process.on('message', (message: Request) => {
    const handler = all[message.type];
    const reply = (body: Omit<Reply, 'id'>) => process.send?.({ id: message.id, ...body });
    if (!handler) return reply({ ok: false, error: `unknown request ${message.type}` });
    handler(message.payload).then(
      (result) => reply({ ok: true, result }),
      (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  let closing = false;
  process.on('SIGTERM', () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  // The benchmark going away (even killed) must not leave this process behind.
  process.on('disconnect', () => process.exit(0));
}

/** Heap and external memory after full collections (the process runs with --expose-gc). */
export async function settledMemory() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}
