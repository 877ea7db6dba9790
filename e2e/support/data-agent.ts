import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentRunner } from '../../apps/agent/src/agent-runner.ts';
import { DataLogger } from '../../apps/agent/src/data-logger.ts';
import type { Simulator } from '../../apps/agent/src/simulator.ts';
import { seedAgent, type SeededAgent } from '../../apps/server/src/relay/relay.test-support.ts';
import type { ShellServer, SignedIn } from './shell-server.ts';

export { pdfText } from '../../apps/server/src/modules/reports/report.test-support.ts';

export type LoggingAgent = { agent: SeededAgent; stop: () => Promise<void> };

/**
 * The real agent of a device whose LAN is the simulator: the connection loop attached to the
 * relay and the data logger receiving its config over it, sampling the simulator's Modbus TCP
 * machine, spooling on disk and uploading batches, as `fleetgate-agent` runs them.
 */
export async function startLoggingAgent(
  server: ShellServer,
  admin: SignedIn,
  simulator: Simulator,
  name: string,
): Promise<LoggingAgent> {
  const agent = await seedAgent(server.db, admin.companyPublicId, { servers: simulator.services });
  await server.db.updateTable('agents').set({ name }).where('id', '=', agent.id).execute();
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-agent-'));
  const logger = await DataLogger.start({
    dir,
    server: server.baseUrl,
    credential: agent.credential,
    services: simulator.services,
  });
  const runner = new AgentRunner({
    relayUrl: `${server.baseUrl.replace(/^http/, 'ws')}/relay/agent`,
    credential: agent.credential,
    services: simulator.services,
    onDataConfig: (stream) => void logger.receive(stream),
    minDelayMs: 100,
    maxDelayMs: 500,
  });
  runner.on('attached', () => logger.nudge());
  runner.start();
  return {
    agent,
    stop: async () => {
      await runner.stop();
      await logger.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
