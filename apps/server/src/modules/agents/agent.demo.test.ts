import { describe, expect, it } from 'vitest';
import type { Agent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { seedDemoGroupsAndAssets } from '../groups/group.demo.ts';
import { seedDemoAgent } from './agent.demo.ts';
import { agentFixtures } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

describe('demo agent', () => {
  it('is in the first demo group with the simulator services, approval on, and enrols with its token', async () => {
    const { as, companyId } = await f.setup();
    await seedDemoGroupsAndAssets(f.db(), companyId);
    const { token } = await seedDemoAgent(f.db(), companyId);

    const [agent] = (await t.call('GET', 'AgentList', as)).body.data as Agent[];
    expect(agent).toMatchObject({
      name: 'Line 1 gateway',
      vpnRequireAccessApproval: true,
      enrolled: false,
      memberships: [{ group: { name: 'Rotterdam plant' } }],
      assets: [{ name: 'Filler PLC (S7-1500)' }, { name: 'Line 1 operator panel' }],
    });
    const summary = agent!.servers.map(({ name, host, port, type, requireAccessApproval }) => ({
      name,
      host,
      port,
      type,
      requireAccessApproval,
    }));
    // The web services need approval too: revoking the request ends web access as well.
    expect(summary).toEqual([
      { name: 'echo', host: '127.0.0.1', port: 7007, type: 'tcp', requireAccessApproval: false },
      { name: 'hmi', host: '127.0.0.1', port: 8081, type: 'http', requireAccessApproval: true },
      // A data source's target: collecting values is not user access.
      { name: 'modbus', host: '127.0.0.1', port: 502, type: 'tcp', requireAccessApproval: false },
      { name: 'vnc', host: '127.0.0.1', port: 5900, type: 'vnc', requireAccessApproval: true },
    ]);

    const enrolled = await t.call('POST', 'AgentEnrolment', {
      body: {
        token,
        services: [
          { name: 'hmi', host: '127.0.0.1', port: 40123, type: 'http' },
          { name: 'vnc', host: '127.0.0.1', port: 40124, type: 'vnc' },
          { name: 'modbus', host: '127.0.0.1', port: 40125, type: 'tcp' },
        ],
      },
    });
    expect(enrolled.status).toBe(201);
    const after = await t.call('GET', `Agent/${agent!.publicId}`, {
      ...as,
      query: { fields: 'enrolled,servers(name,port,type)' },
    });
    const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);
    expect(after.body.data).toEqual({
      publicId: agent!.publicId,
      enrolled: true,
      servers: [
        { publicId: anyId, name: 'echo', port: 7007, type: 'tcp' },
        { publicId: anyId, name: 'hmi', port: 40123, type: 'http' },
        { publicId: anyId, name: 'modbus', port: 40125, type: 'tcp' },
        // The simulator's RFB server on the port it picked: a port that alone would read as tcp.
        { publicId: anyId, name: 'vnc', port: 40124, type: 'vnc' },
      ],
    });
  });
});
