import { agentDataConfigTarget } from '@fleetgate/contracts';
import type { Multiplexer } from '@fleetgate/tunnel-protocol';
import type { Db } from '../db/client.ts';
import { buildAgentDataConfig } from '../modules/data-logging/agent-data-config.ts';

/** How long the agent may take to acknowledge a configuration. */
export const dataConfigAckTimeoutMs = 15_000;

/**
 * Sends the agent its logging configuration on a stream of its own (`agentDataConfigTarget`):
 * the JSON, then the end of the stream; the agent answers `ok <version>` on a line. Resolves
 * with the version acknowledged; rejects when the agent answers anything else, closes without
 * an answer or takes too long (the relay logs it and pushes again at the next attach or change).
 * When the configuration is still the `acknowledged` version the agent has, nothing is sent
 * (the agent would restart its sampling for nothing) and `pushed` is false.
 */
export async function pushDataConfig(
  db: Db,
  mux: Multiplexer,
  agentId: number,
  acknowledged?: string,
): Promise<{ version: string; pushed: boolean }> {
  const config = await buildAgentDataConfig(db, agentId);
  if (acknowledged !== undefined && config.version === acknowledged)
    return { version: config.version, pushed: false };
  const stream = mux.open(agentDataConfigTarget);
  return new Promise<{ version: string; pushed: boolean }>((resolve, reject) => {
    let answer = '';
    let done = false;
    const timer = setTimeout(
      () => finish(new Error('the agent did not acknowledge its data config')),
      dataConfigAckTimeoutMs,
    );
    timer.unref();
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.destroy();
      if (error) reject(error);
      else resolve({ version: config.version, pushed: true });
    };
    stream.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.length > 1024) return finish(new Error('the agent answered too much'));
      const line = answer.indexOf('\n');
      if (line < 0) return;
      const first = answer.slice(0, line).trim();
      if (first === `ok ${config.version}`) finish();
      else finish(new Error(`the agent refused its data config: ${first.slice(0, 200)}`));
    });
    stream.on('end', () => finish(new Error('the agent closed the stream without an answer')));
    stream.on('error', (error: Error) => finish(error));
    stream.end(JSON.stringify(config));
  });
}
