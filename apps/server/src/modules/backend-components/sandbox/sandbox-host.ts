import { runInIsolate } from './sandbox-run.ts';
import type { HostReply, HostRequest } from './sandbox-types.ts';

/**
 * The sandbox's child process. It holds no secrets of the server's (its environment is empty)
 * and runs each function in its own isolate; several runs may be in flight at once.
 */
const send = (reply: HostReply) => {
  if (process.connected) process.send?.(reply);
};

process.on('message', (request: HostRequest) => {
  if (request?.type !== 'run') return;
  send({ type: 'started', id: request.id });
  void runInIsolate(request.input, request.limits, (message) => {
    // V8 lost control of an isolate: nothing in this process can be trusted any more. The parent
    // ends the runs in flight and starts a new child.
    send({ type: 'fault', message: `isolated-vm catastrophic error: ${message}` });
    process.exit(70);
  }).then(
    (outcome) => send({ type: 'outcome', id: request.id, outcome }),
    (error: unknown) => {
      send({ type: 'fault', message: `Sandbox run failed: ${String(error)}` });
      send({
        type: 'outcome',
        id: request.id,
        outcome: {
          status: 'error',
          result: null,
          error: 'The sandbox failed',
          logs: [],
          effects: [],
          durationMs: 0,
        },
      });
    },
  );
});

// The server went away (or closed the sandbox): nothing is left to run for.
process.on('disconnect', () => process.exit(0));
