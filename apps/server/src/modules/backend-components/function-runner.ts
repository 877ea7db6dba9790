import type { Config } from '../../config.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { loadRunConfig } from './config-for-run.ts';
import { createEffectApplier, type EffectDeps, type RunScope } from './function-effects.ts';
import { recordRun } from './run-log.repository.ts';
import type { FunctionSandbox, SandboxOutcome } from './sandbox/function-sandbox.ts';
import type { MatchedSubscription } from './subscription-match.ts';

export type RunnerDeps = EffectDeps & {
  sandbox: FunctionSandbox;
  box: SecretBox;
  config: Pick<Config, 'publicUrl' | 'outboundAllowPrivate'>;
};

export type FunctionRun = {
  subscription: Pick<MatchedSubscription, 'subscriptionId' | 'companyId' | 'templateId' | 'code'>;
  trigger: string;
  message: unknown;
  scope: RunScope;
};

/**
 * Runs one subscribed template for one message: its company's config, the sandbox, then the
 * effects it asked for, and keeps the run (console output, result, error, duration) for the log.
 * Never throws: whatever goes wrong is the run's error.
 */
export function createFunctionRunner(deps: RunnerDeps) {
  const applyEffects = createEffectApplier(deps);
  return async function run({ subscription, trigger, message, scope }: FunctionRun): Promise<SandboxOutcome> {
    const startedAt = new Date();
    let outcome: SandboxOutcome;
    let logs;
    try {
      const { config, allowedHosts } = await loadRunConfig(
        deps.db,
        subscription.companyId,
        subscription.templateId,
        deps.box,
      );
      outcome = await deps.sandbox.run({
        code: subscription.code,
        message,
        config,
        allowedHosts,
        allowPrivateNetworks: deps.config.outboundAllowPrivate,
      });
      const notes = outcome.status === 'ok' ? await applyEffects(scope, outcome.effects) : [];
      logs = [...outcome.logs, ...notes];
    } catch (error) {
      deps.log.error({ err: error }, 'backend component run failed');
      outcome = {
        status: 'error',
        result: null,
        error: 'The run could not start',
        logs: [],
        effects: [],
        durationMs: Date.now() - startedAt.getTime(),
      };
      logs = outcome.logs;
    }
    try {
      await recordRun(deps.db, {
        ...subscription,
        subscriptionId: subscription.subscriptionId,
        trigger,
        startedAt,
        outcome,
        logs,
      });
    } catch (error) {
      deps.log.error({ err: error }, 'backend component run not recorded');
    }
    return outcome;
  };
}
