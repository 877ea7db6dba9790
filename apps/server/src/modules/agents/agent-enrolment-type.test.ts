import { describe, expect, it } from 'vitest';
import type { Agent, AgentEnrolmentToken } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

describe('AgentEnrolment service types', () => {
  it('gives a new service the reported type (else the default by port); a known one keeps its own', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, {
      name: 'Gateway',
      servers: [{ name: 'panel', host: '10.0.0.1', port: 443, type: 'http' }],
    });
    const { token } = (await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as)).body
      .data as AgentEnrolmentToken;
    const response = await t.call('POST', 'AgentEnrolment', {
      body: {
        token,
        services: [
          { name: 'panel', host: '127.0.0.1', port: 8443, type: 'https' },
          { name: 'screen', host: '127.0.0.1', port: 40001, type: 'vnc' },
          { name: 'web', host: '127.0.0.1', port: 40002, type: 'http' },
          { name: 'plc', host: '127.0.0.1', port: 5901 },
        ],
      },
    });
    expect(response.status).toBe(201);
    const read = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'servers(name,port,type)' },
    });
    const servers = (read.body.data as Agent).servers.map(({ name, port, type }) => ({ name, port, type }));
    expect(servers).toEqual([
      { name: 'panel', port: 8443, type: 'http' },
      { name: 'plc', port: 5901, type: 'vnc' },
      { name: 'screen', port: 40001, type: 'vnc' },
      { name: 'web', port: 40002, type: 'http' },
    ]);
  });

  it('refuses an unknown type (400) without spending the token', async () => {
    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const { token } = (await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as)).body
      .data as AgentEnrolmentToken;
    const service = { name: 'screen', host: '127.0.0.1', port: 5900 };
    const response = await t.call('POST', 'AgentEnrolment', {
      body: { token, services: [{ ...service, type: 'rdp' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'services.0.type' })]);
    expect((await t.call('POST', 'AgentEnrolment', { body: { token, services: [service] } })).status).toBe(
      201,
    );
  });
});
