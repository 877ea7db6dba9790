import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { ReactionsCache } from '../../events/company-reactions.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { backendComponentSecretBox } from './config-secrets.ts';
import { startFunctionDispatcher } from './function-dispatcher.ts';
import { createFunctionRunner } from './function-runner.ts';
import { startFunctionWorker } from './function-worker.ts';
import { createFunctionSandbox } from './sandbox/function-sandbox.ts';

/**
 * The process's function machinery: one sandbox (a child process, started on the first run),
 * the runner that records each run, the dispatcher that queues runs in the database and the
 * worker that takes them from there. `stop` stops queueing and claiming, waits for the runs in
 * flight (each ends within its time limit), then kills the sandbox's child; the runs still
 * queued wait in the database for the next process.
 */
export function startBackendComponents(
  deps: {
    db: Db;
    events: EventBus;
    mailer: Mailer;
    log: FastifyBaseLogger;
    config: Config;
    reactions?: ReactionsCache | undefined;
  },
  options: { scheduleCheckMs?: number | false } = {},
) {
  const sandbox = createFunctionSandbox({ log: deps.log });
  const run = createFunctionRunner({ ...deps, sandbox, box: backendComponentSecretBox(deps.config) });
  const dispatcher = startFunctionDispatcher(deps, options);
  const stopWorker = startFunctionWorker({ db: deps.db, log: deps.log, run });
  return {
    dispatcher,
    async stop() {
      dispatcher.stop();
      await stopWorker();
      await sandbox.close();
    },
  };
}

export type BackendComponents = ReturnType<typeof startBackendComponents>;
