/** The user's side, in its own process: the connector with the bench server as its only portal. */
import { startConnector, type Connector } from '../../apps/connector/src/connector.ts';
import { defaultSettings } from '../../apps/connector/src/settings.ts';
import { accountExternalMemoryWithHeap } from '@fleetgate/tunnel-protocol';
import { serveRole } from './ipc.ts';

// As the agent and the connector do when started: the bench measures them as they run.
accountExternalMemoryWithHeap('connector');

let connector: Connector | undefined;

serveRole(
  {
    start: async (payload) => {
      const portal = payload as string;
      connector = await startConnector({ settings: { ...defaultSettings, portals: [portal] }, port: 0 });
      return connector.url;
    },
  },
  async () => {
    await connector?.close();
  },
);
