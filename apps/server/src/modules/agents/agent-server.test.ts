import { describe, expect, it } from 'vitest';
import type { AgentServerOfAgent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { agentFixtures, type As } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

const hmi = { name: 'hmi', host: '192.168.1.10', port: 80 };

async function withAgent() {
  const fixture = await f.setup();
  const agent = await f.createAgent(fixture.as, { name: 'Gateway' });
  return { ...fixture, agent };
}

async function createServer(as: As, body: object) {
  const response = await t.call('POST', 'AgentServerList', { ...as, body });
  expect(response.status).toBe(201);
  return response.body.data as AgentServerOfAgent;
}

describe('AgentServerList and AgentServer', () => {
  it('needs a token (401); agents.manage writes (403)', async () => {
    const { company, as, agent } = await withAgent();
    const server = await createServer(as, { ...hmi, agent: { publicId: agent.publicId } });
    const anonymous = { company: company.publicId };
    const unauthenticated = [
      await t.call('GET', 'AgentServerList', anonymous),
      await t.call('GET', `AgentServer/${server.publicId}`, anonymous),
      await t.call('POST', 'AgentServerList', { ...anonymous, body: hmi }),
      await t.call('PATCH', `AgentServer/${server.publicId}`, { ...anonymous, body: { port: 81 } }),
      await t.call('DELETE', `AgentServer/${server.publicId}`, anonymous),
    ];
    expect(unauthenticated.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);

    const member = await t.newMember(company, ['agents.connect']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', `AgentServer/${server.publicId}`, memberAs)).status).toBe(200);
    const refused = [
      await t.call('POST', 'AgentServerList', {
        ...memberAs,
        body: { ...hmi, name: 'x', agent: { publicId: agent.publicId } },
      }),
      await t.call('PATCH', `AgentServer/${server.publicId}`, { ...memberAs, body: { port: 81 } }),
      await t.call('PATCH', 'AgentServerList', {
        ...memberAs,
        body: [{ publicId: server.publicId, port: 81 }],
      }),
      await t.call('DELETE', `AgentServer/${server.publicId}`, memberAs),
      await t.call('DELETE', 'AgentServerList', { ...memberAs, body: [{ publicId: server.publicId }] }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
  });

  it('creates, lists by agent, changes and deletes services', async () => {
    const { as, agent } = await withAgent();
    const other = await f.createAgent(as, { name: 'Other' });
    const server = await createServer(as, {
      ...hmi,
      requireAccessApproval: true,
      serviceGroup: 'Panels',
      agent: { publicId: agent.publicId },
    });
    expect(server).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      ...hmi,
      requireAccessApproval: true,
      serviceGroup: 'Panels',
      type: 'http',
      acceptSelfSigned: false,
      agent: { publicId: agent.publicId, name: 'Gateway' },
    });
    // The same name on another agent is fine.
    await createServer(as, { ...hmi, agent: { publicId: other.publicId } });

    const listed = await t.call('GET', 'AgentServerList', {
      ...as,
      query: { filters: `eq(agent.publicId,"${agent.publicId}")`, fields: 'publicId,name' },
    });
    expect(listed.body.data).toEqual([{ publicId: server.publicId, name: 'hmi' }]);

    const patched = await t.call('PATCH', `AgentServer/${server.publicId}`, {
      ...as,
      body: { port: 8080, requireAccessApproval: false, serviceGroup: null },
    });
    expect(patched.body.data).toEqual({
      ...server,
      port: 8080,
      requireAccessApproval: false,
      serviceGroup: null,
    });
    const onAgent = await t.call('GET', `Agent/${agent.publicId}`, { ...as, query: { fields: 'servers' } });
    expect(onAgent.body.data).toEqual({
      publicId: agent.publicId,
      servers: [
        {
          publicId: server.publicId,
          ...hmi,
          port: 8080,
          requireAccessApproval: false,
          serviceGroup: null,
          type: 'http',
          acceptSelfSigned: false,
        },
      ],
    });

    expect((await t.call('DELETE', `AgentServer/${server.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `AgentServer/${server.publicId}`, as)).status).toBe(404);
  });

  it('takes a declared type, else the default by port; changes type and acceptSelfSigned; filters by type', async () => {
    const { as, agent } = await withAgent();
    const ref = { agent: { publicId: agent.publicId } };
    const byPort = await Promise.all(
      [80, 8443, 5901, 502].map((port) => createServer(as, { name: `p${port}`, host: 'h', port, ...ref })),
    );
    expect(byPort.map((s) => [s.port, s.type, s.acceptSelfSigned])).toEqual([
      [80, 'http', false],
      [8443, 'https', false],
      [5901, 'vnc', false],
      [502, 'tcp', false],
    ]);
    const declared = await createServer(as, {
      name: 'panel',
      host: 'h',
      port: 443,
      type: 'https',
      acceptSelfSigned: true,
      ...ref,
    });
    expect(declared).toMatchObject({ port: 443, type: 'https', acceptSelfSigned: true });
    const odd = await createServer(as, { name: 'odd', host: 'h', port: 80, type: 'tcp', ...ref });
    expect(odd.type).toBe('tcp');

    const patched = await t.call('PATCH', `AgentServer/${odd.publicId}`, {
      ...as,
      body: { type: 'https', acceptSelfSigned: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ ...odd, type: 'https', acceptSelfSigned: true });
    // A new port alone does not change a stored type.
    const moved = await t.call('PATCH', `AgentServer/${odd.publicId}`, { ...as, body: { port: 5900 } });
    expect(moved.body.data).toMatchObject({ port: 5900, type: 'https' });

    const names = async (filters: string) => {
      const listed = await t.call('GET', 'AgentServerList', { ...as, query: { filters, fields: 'name' } });
      return (listed.body.data as { name: string }[]).map((s) => s.name).sort();
    };
    expect(await names('eq(type,"https")')).toEqual(['odd', 'p8443', 'panel']);
    expect(await names('eq(type,"vnc")')).toEqual(['p5901']);
    expect(await names('eq(acceptSelfSigned,true)')).toEqual(['odd', 'panel']);
  });

  it('refuses an unknown type (400 on type) on create and change', async () => {
    const { as, agent } = await withAgent();
    const created = await t.call('POST', 'AgentServerList', {
      ...as,
      body: { ...hmi, type: 'ftp', agent: { publicId: agent.publicId } },
    });
    expect(created.status).toBe(400);
    expect(created.body.data).toEqual([{ message: expect.any(String), propertyName: 'type' }]);
    const server = await createServer(as, { ...hmi, agent: { publicId: agent.publicId } });
    const patched = await t.call('PATCH', `AgentServer/${server.publicId}`, {
      ...as,
      body: { type: 'HTTP' },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.data).toEqual([{ message: expect.any(String), propertyName: 'type' }]);
    const flag = await t.call('PATCH', `AgentServer/${server.publicId}`, {
      ...as,
      body: { acceptSelfSigned: 'yes' },
    });
    expect(flag.status).toBe(400);
    expect(flag.body.data).toEqual([
      { message: 'Invalid type: expected boolean', propertyName: 'acceptSelfSigned' },
    ]);
  });

  it('keeps names unique per agent, ignoring case (409 NAME_ALREADY_IN_USE)', async () => {
    const { as, agent } = await withAgent();
    const ref = { agent: { publicId: agent.publicId } };
    const first = await createServer(as, { ...hmi, ...ref });
    const second = await createServer(as, { ...hmi, name: 'echo', port: 7, ...ref });
    const taken = await t.call('POST', 'AgentServerList', { ...as, body: { ...hmi, name: 'HMI', ...ref } });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const rename = await t.call('PATCH', `AgentServer/${second.publicId}`, {
      ...as,
      body: { name: ' Hmi ' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const batch = await t.call('POST', 'AgentServerList', {
      ...as,
      body: [
        { ...hmi, name: 'a', ...ref },
        { ...hmi, name: 'A', ...ref },
      ],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 }]);
    // Its own name, in another case, is not taken.
    const recase = await t.call('PATCH', `AgentServer/${first.publicId}`, { ...as, body: { name: 'HMI' } });
    expect(recase.status).toBe(200);
  });

  it.each([
    [{ host: 'h', port: 1 }, 'name', 'Required property'],
    [{ name: 'a', host: 'h', port: 70000 }, 'port', 'Too big: at most 65535'],
    [{ name: 'a', host: 'h', port: 1.5 }, 'port', 'Invalid type: expected int'],
    [{ name: 'a', host: 'http://h', port: 1 }, 'host', 'Value does not match regex expression'],
    [
      { name: 'a', host: 'h', port: 1, requireAccessApproval: 1 },
      'requireAccessApproval',
      'Invalid type: expected boolean',
    ],
  ])('refuses %j with 400', async (body, propertyName, message) => {
    const { as, agent } = await withAgent();
    const response = await t.call('POST', 'AgentServerList', {
      ...as,
      body: { ...body, agent: { publicId: agent.publicId } },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName }]);
  });

  it('needs the agent (400) and refuses a patch moving it (400)', async () => {
    const { as, agent } = await withAgent();
    const missing = await t.call('POST', 'AgentServerList', { ...as, body: hmi });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ message: 'Required property', propertyName: 'agent' }]);
    const server = await createServer(as, { ...hmi, agent: { publicId: agent.publicId } });
    const move = await t.call('PATCH', `AgentServer/${server.publicId}`, {
      ...as,
      body: { agent: { publicId: agent.publicId } },
    });
    expect(move.status).toBe(400);
    expect(move.body.data).toEqual([{ message: 'Unknown property: agent' }]);
  });

  it("treats another company's services and agents as not found (404)", async () => {
    const mine = await withAgent();
    const theirs = await withAgent();
    const their = await createServer(theirs.as, { ...hmi, agent: { publicId: theirs.agent.publicId } });
    const responses = [
      await t.call('GET', `AgentServer/${their.publicId}`, mine.as),
      await t.call('PATCH', `AgentServer/${their.publicId}`, { ...mine.as, body: { port: 1 } }),
      await t.call('DELETE', `AgentServer/${their.publicId}`, mine.as),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await t.call('GET', 'AgentServerList', mine.as)).body.data).toEqual([]);
    const onTheirAgent = await t.call('POST', 'AgentServerList', {
      ...mine.as,
      body: { ...hmi, agent: { publicId: theirs.agent.publicId } },
    });
    expect(onTheirAgent.status).toBe(404);
    expect(onTheirAgent.body.data).toEqual([{ message: 'Not found', propertyName: 'agent.publicId' }]);
  });
});
