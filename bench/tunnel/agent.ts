/**
 * The device side, in its own process: the simulator's TCP echo service and the agent's
 * connection loop (AgentRunner) bridging relay streams to it, as `fleetgate-agent run` does.
 */
import { once } from 'node:events';
import { AgentRunner } from '../../apps/agent/src/agent-runner.ts';
import { startSimulator } from '../../apps/agent/src/simulator.ts';
import { accountExternalMemoryWithHeap } from '@fleetgate/tunnel-protocol';
import { serveRole } from './ipc.ts';

// As the agent and the connector do when started: the bench measures them as they run.
accountExternalMemoryWithHeap('agent');

export type AttachRequest = { relayUrl: string; credential: string };

const simulator = await startSimulator('Bench PLC');
let runner: AgentRunner | undefined;

serveRole(
  {
    services: async () => simulator.services,
    attach: async (payload) => {
      const { relayUrl, credential } = payload as AttachRequest;
      runner = new AgentRunner({ relayUrl, credential, services: simulator.services });
      const attached = once(runner, 'attached');
      runner.start();
      await attached;
      return true;
    },
  },
  async () => {
    await runner?.stop();
    await simulator.close();
  },
);
