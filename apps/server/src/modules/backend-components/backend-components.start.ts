import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { ReactionsCache } from '../../events/company-reactions.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { backendComponentSecretBox } from './config-secrets.ts';
import { startFunctionDispatcher } from './function-dispatcher.ts';
import { createFunctionRunner } from './function-runner.ts';
import { createFunctionSandbox } from './sandbox/function-sandbox.ts';

/**
 * The process's function machinery: one sandbox (a child process, started on the first run),
 * the runner that records each run, and the dispatcher that feeds it. `stop` waits for nothing
 * already running to finish: the sandbox's child is killed and runs in flight end as errors.
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
  const dispatcher = startFunctionDispatcher({ ...deps, run }, options);
  return {
    dispatcher,
    async stop() {
      dispatcher.stop();
      await sandbox.close();
    },
  };
}

export type BackendComponents = ReturnType<typeof startBackendComponents>;
