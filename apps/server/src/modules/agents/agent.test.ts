import { describe, expect, it } from 'vitest';
import type { Agent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { agentFixtures } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

const hmi = { name: 'hmi', host: '192.168.1.10', port: 80 };
const plc = { name: 'plc', host: '192.168.1.20', port: 102, requireAccessApproval: true, serviceGroup: 'S7' };

describe('AgentList and Agent', () => {
  it('needs a token (401) on every route', async () => {
    const { company, as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const anonymous = { company: company.publicId };
    const responses = [
      await t.call('GET', 'AgentList', anonymous),
      await t.call('GET', `Agent/${agent.publicId}`, anonymous),
      await t.call('POST', 'AgentList', { ...anonymous, body: { name: 'x' } }),
      await t.call('PATCH', `Agent/${agent.publicId}`, { ...anonymous, body: { name: 'x' } }),
      await t.call('PATCH', 'AgentList', { ...anonymous, body: [{ publicId: agent.publicId, name: 'x' }] }),
      await t.call('DELETE', `Agent/${agent.publicId}`, anonymous),
      await t.call('DELETE', 'AgentList', { ...anonymous, body: [{ publicId: agent.publicId }] }),
    ];
    expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('lets only agents.manage write (403); agents.connect reads', async () => {
    const { company, as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const member = await t.newMember(company, ['agents.connect', 'groups.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', `Agent/${agent.publicId}`, memberAs)).status).toBe(200);
    const refused = [
      await t.call('POST', 'AgentList', { ...memberAs, body: { name: 'x' } }),
      await t.call('PATCH', `Agent/${agent.publicId}`, { ...memberAs, body: { name: 'x' } }),
      await t.call('PATCH', 'AgentList', { ...memberAs, body: [{ publicId: agent.publicId, name: 'x' }] }),
      await t.call('DELETE', `Agent/${agent.publicId}`, memberAs),
      await t.call('DELETE', 'AgentList', { ...memberAs, body: [{ publicId: agent.publicId }] }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    const manager = await t.newMember(company, ['agents.manage']);
    const renamed = await t.call('PATCH', `Agent/${agent.publicId}`, {
      token: manager.token,
      company: company.publicId,
      body: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
  });

  it('creates an agent with servers, groups and a controlling company, and reads it back', async () => {
    const { as } = await f.setup();
    const controller = await f.setup();
    const site = await f.createGroup(as, 'Rotterdam');
    const line = await f.createGroup(as, 'Line 1', site);
    const created = await t.call('POST', 'AgentList', {
      ...as,
      body: {
        name: ' Line 1 gateway ',
        vpnLocked: true,
        vpnRequireAccessApproval: true,
        useStunnel: true,
        controlledBy: { publicId: controller.company.publicId },
        memberships: [{ group: { publicId: site } }, { group: { publicId: line } }],
        servers: [plc, hmi],
      },
    });
    expect(created.status).toBe(201);
    const agent = created.body.data as Agent;
    expect(agent).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Line 1 gateway',
      status: 'offline',
      servers: [
        {
          ...hmi,
          publicId: expect.any(String),
          requireAccessApproval: false,
          serviceGroup: null,
          // No type given: the default by port.
          type: 'http',
          acceptSelfSigned: false,
        },
        { ...plc, publicId: expect.any(String), type: 'tcp', acceptSelfSigned: false },
      ],
      vpnLocked: true,
      webAccessLocked: false,
      vpnRequireAccessApproval: true,
      controlledBy: { publicId: controller.company.publicId },
      memberships: [
        { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), group: { publicId: line, name: 'Line 1' } },
        { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), group: { publicId: site, name: 'Rotterdam' } },
      ],
      assets: [],
      activeVpnSession: null,
      connectedUsers: [],
      useStunnel: true,
      hasDisplay: false,
      routerDisplayScreensaver: null,
      rateLimiting: { configOpenvpnLimit: null, configOpenvpnCounter: 0, configOpenvpnLastHit: null },
      enrolled: false,
      lastSeenOn: null,
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // The administrator bypasses approval; the answer to a change says so as a read does.
      myAccess: {
        vpn: 'direct',
        web: 'direct',
        from: null,
        until: null,
        canRequest: true,
        webServers: [{ publicId: expect.any(String) }, { publicId: expect.any(String) }],
      },
      logging: {
        active: false,
        source: null,
        startsOn: null,
        endsOn: null,
        licence: null,
        trialAvailable: true,
      },
      alarming: {
        active: false,
        source: null,
        startsOn: null,
        endsOn: null,
        licence: null,
        trialAvailable: true,
      },
      dataLogging: { collecting: false, lastSampleOn: null, samplesStored: 0, samplesDropped: 0 },
    });
    expect((await t.call('GET', `Agent/${agent.publicId}`, as)).body.data).toEqual(agent);
    const projected = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'name,servers(publicId,name),controlledBy' },
    });
    expect(projected.body.data).toEqual({
      publicId: agent.publicId,
      name: 'Line 1 gateway',
      servers: agent.servers.map(({ publicId, name }) => ({ publicId, name })),
      controlledBy: { publicId: controller.company.publicId },
    });
    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel'])
      .where('resource_public_id', '=', agent.publicId)
      .execute();
    expect(audit).toEqual([{ action: 'CREATE', resource_rel: 'Agent' }]);
  });

  it('is online only with an open VPN session, and lists the users connected now once each', async () => {
    const { company, as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const other = await f.createAgent(as, { name: 'Other' });
    const rsc = await f.openVpnSession(agent.publicId, '10.187.0.42');
    const engineer = await t.newMember(company, ['agents.connect']);
    await f.openClientSession(agent.publicId, engineer.publicId);
    await f.openClientSession(agent.publicId, engineer.publicId);
    await f.openClientSession(agent.publicId, company.admin.publicId, true);

    const read = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'status,activeVpnSession,connectedUsers' },
    });
    expect(read.body.data).toEqual({
      publicId: agent.publicId,
      status: 'online',
      activeVpnSession: {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        rscServer: { publicId: rsc.public_id, name: rsc.name },
        mdrServer: null,
        loggingMdrServer: null,
        vpnAddress: '10.187.0.42',
      },
      connectedUsers: [{ publicId: engineer.publicId, name: 'Member' }],
    });
    const online = await t.call('GET', 'AgentList', {
      ...as,
      query: { filters: 'eq(status,"online")', fields: 'publicId' },
    });
    expect(online.body.data).toEqual([{ publicId: agent.publicId }]);
    const offline = await t.call('GET', 'AgentList', {
      ...as,
      query: { filters: 'eq(status,"offline")', fields: 'publicId,status' },
    });
    expect(offline.body.data).toEqual([{ publicId: other.publicId, status: 'offline' }]);

    await f
      .db()
      .updateTable('vpn_sessions')
      .set({ ended_at: new Date() })
      .where('vpn_address', '=', '10.187.0.42')
      .execute();
    const ended = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'status,activeVpnSession' },
    });
    expect(ended.body.data).toEqual({ publicId: agent.publicId, status: 'offline', activeVpnSession: null });
  });

  it('filters by name, publicId and group, pages without repeating agents in several groups', async () => {
    const { as } = await f.setup();
    const north = await f.createGroup(as, 'North');
    const south = await f.createGroup(as, 'South');
    const both = await f.createAgent(as, {
      name: 'Both',
      memberships: [{ group: { publicId: north } }, { group: { publicId: south } }],
    });
    const onlyNorth = await f.createAgent(as, {
      name: 'North only',
      memberships: [{ group: { publicId: north } }],
    });
    const none = await f.createAgent(as, { name: 'None' });

    const names = async (query: Record<string, string | string[]>) =>
      (
        (await t.call('GET', 'AgentList', { ...as, query: { fields: 'name', ...query } })).body
          .data as Agent[]
      ).map((agent) => agent.name);
    expect(await names({ filters: `eq(memberships.group.publicId,"${north}")` })).toEqual([
      'Both',
      'North only',
    ]);
    expect(await names({ filters: 'isnull(memberships.group.publicId)' })).toEqual(['None']);
    // A filter on memberships matches an agent when one of its memberships does (or, without
    // any, when no group does: `ne` is true of nothing).
    expect(await names({ filters: `ne(memberships.group.publicId,"${north}")` })).toEqual(['Both', 'None']);
    expect(await names({ filters: `or(eq(name,"None"),eq(memberships.group.name,"South"))` })).toEqual([
      'Both',
      'None',
    ]);
    expect(
      await names({ filters: [`eq(memberships.group.publicId,"${north}")`, 'ne(name,"Both")'] }),
    ).toEqual(['North only']);
    expect(await names({ filters: 'contains(name,"only")' })).toEqual(['North only']);
    expect(await names({ filters: `in(publicId,"${both.publicId}","${none.publicId}")` })).toEqual([
      'Both',
      'None',
    ]);

    const first = await t.call('GET', 'AgentList', {
      ...as,
      query: { fields: 'publicId', 'page-size': '2' },
    });
    expect(first.body.data).toEqual([{ publicId: both.publicId }, { publicId: onlyNorth.publicId }]);
    const second = await t.call('GET', 'AgentList', {
      ...as,
      query: { fields: 'publicId', 'page-size': '2', 'page-after': first.body.moreAfter! },
    });
    expect(second.body.data).toEqual([{ publicId: none.publicId }]);
    expect(second.body.moreAfter).toBeNull();
  });

  it('changes flags, replaces memberships and clears the controlling company', async () => {
    const { as } = await f.setup();
    const controller = await f.setup();
    const north = await f.createGroup(as, 'North');
    const south = await f.createGroup(as, 'South');
    const agent = await f.createAgent(as, {
      name: 'Gateway',
      controlledBy: { publicId: controller.company.publicId },
      memberships: [{ group: { publicId: north } }],
    });
    const patched = await t.call('PATCH', `Agent/${agent.publicId}`, {
      ...as,
      body: { webAccessLocked: true, memberships: [{ group: { publicId: south } }], controlledBy: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: 'Gateway',
      webAccessLocked: true,
      controlledBy: null,
      memberships: [{ group: { publicId: south, name: 'South' } }],
    });
    const untouched = await t.call('PATCH', `Agent/${agent.publicId}`, { ...as, body: { name: 'Renamed' } });
    expect(untouched.body.data).toMatchObject({
      name: 'Renamed',
      memberships: [{ group: { publicId: south } }],
    });
    const emptied = await t.call('PATCH', `Agent/${agent.publicId}`, { ...as, body: { memberships: [] } });
    expect((emptied.body.data as Agent).memberships).toEqual([]);
    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select('action')
      .where('resource_public_id', '=', agent.publicId)
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE']);
  });

  it('creates, changes and deletes in bulk, all or nothing', async () => {
    const { as } = await f.setup();
    const created = await t.call('POST', 'AgentList', { ...as, body: [{ name: 'A' }, { name: 'B' }] });
    expect(created.status).toBe(201);
    const [a, b] = created.body.data as Agent[];
    const patched = await t.call('PATCH', 'AgentList', {
      ...as,
      body: [
        { publicId: a!.publicId, vpnLocked: true },
        { publicId: b!.publicId, name: 'B2' },
      ],
    });
    expect((patched.body.data as Agent[]).map((agent) => [agent.name, agent.vpnLocked])).toEqual([
      ['A', true],
      ['B2', false],
    ]);
    const failing = await t.call('PATCH', 'AgentList', {
      ...as,
      body: [
        { publicId: a!.publicId, name: 'A2' },
        { publicId: b!.publicId, controlledBy: { publicId: 'zzzzzzzzzzzz' } },
      ],
    });
    expect(failing.status).toBe(404);
    expect(failing.body.data).toEqual([
      { message: 'Not found', propertyName: 'controlledBy.publicId', listIndex: 1 },
    ]);
    expect(((await t.call('GET', `Agent/${a!.publicId}`, as)).body.data as Agent).name).toBe('A');
    const deleted = await t.call('DELETE', 'AgentList', {
      ...as,
      body: [{ publicId: a!.publicId }, { publicId: b!.publicId }],
    });
    expect(deleted.body.data).toEqual([{ publicId: a!.publicId }, { publicId: b!.publicId }]);
    expect((await t.call('GET', 'AgentList', as)).body.data).toEqual([]);
  });

  it.each([
    [{}, 'name', 'Required property'],
    [{ name: '  ' }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256) }, 'name', 'Too long: at most 255 characters'],
    [{ name: 'A', vpnLocked: 'yes' }, 'vpnLocked', 'Invalid type: expected boolean'],
    [{ name: 'A', colour: 'red' }, '', 'Unknown property: colour'],
    [
      { name: 'A', servers: [{ name: 'hmi', host: 'x', port: 0 }] },
      'servers.0.port',
      'Too small: at least 1',
    ],
    [
      { name: 'A', servers: [{ name: 'hmi', host: 'a b', port: 80 }] },
      'servers.0.host',
      'Value does not match regex expression',
    ],
    [{ name: 'A', servers: [{ name: 'hmi', port: 80 }] }, 'servers.0.host', 'Required property'],
    [
      { name: 'A', memberships: [{ group: { publicId: 'BAD' } }] },
      'memberships.0.group.publicId',
      'Value does not match regex expression',
    ],
    [
      { name: 'A', controlledBy: { publicId: 'abcdefabcdef', name: 'x' } },
      'controlledBy',
      'Unknown property: name',
    ],
  ])('refuses %j with 400', async (body, propertyName, message) => {
    const { as } = await f.setup();
    const response = await t.call('POST', 'AgentList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, ...(propertyName ? { propertyName } : {}) }]);
  });

  it('refuses a group twice, its own company as controller (400) and a service name twice (409)', async () => {
    const { company, as } = await f.setup();
    const group = await f.createGroup(as, 'North');
    const twice = await t.call('POST', 'AgentList', {
      ...as,
      body: { name: 'A', memberships: [{ group: { publicId: group } }, { group: { publicId: group } }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual([{ message: 'Duplicate', propertyName: 'memberships.1.group.publicId' }]);
    const own = await t.call('POST', 'AgentList', {
      ...as,
      body: { name: 'A', controlledBy: { publicId: company.publicId } },
    });
    expect(own.status).toBe(400);
    expect(own.body.data).toEqual([{ message: 'Invalid value', propertyName: 'controlledBy.publicId' }]);
    const sameName = await t.call('POST', 'AgentList', {
      ...as,
      body: { name: 'A', servers: [hmi, { ...hmi, name: 'HMI', port: 8080 }] },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'servers.1.name' }]);
  });

  it("treats another company's agents, groups and unknown companies as not found (404)", async () => {
    const mine = await f.setup();
    const theirs = await f.setup();
    const theirGroup = await f.createGroup(theirs.as, 'Theirs');
    const their = await f.createAgent(theirs.as, { name: 'Theirs' });
    const responses = [
      await t.call('GET', `Agent/${their.publicId}`, mine.as),
      await t.call('PATCH', `Agent/${their.publicId}`, { ...mine.as, body: { name: 'x' } }),
      await t.call('PATCH', 'AgentList', { ...mine.as, body: [{ publicId: their.publicId, name: 'x' }] }),
      await t.call('DELETE', `Agent/${their.publicId}`, mine.as),
      await t.call('DELETE', 'AgentList', { ...mine.as, body: [{ publicId: their.publicId }] }),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await t.call('GET', 'AgentList', mine.as)).body.data).toEqual([]);

    const foreignGroup = await t.call('POST', 'AgentList', {
      ...mine.as,
      body: { name: 'A', memberships: [{ group: { publicId: theirGroup } }] },
    });
    expect(foreignGroup.status).toBe(404);
    expect(foreignGroup.body.data).toEqual([
      { message: 'Not found', propertyName: 'memberships.0.group.publicId' },
    ]);
    const unknownCompany = await t.call('POST', 'AgentList', {
      ...mine.as,
      body: { name: 'A', controlledBy: { publicId: 'zzzzzzzzzzzz' } },
    });
    expect(unknownCompany.status).toBe(404);
    expect(unknownCompany.body.data).toEqual([
      { message: 'Not found', propertyName: 'controlledBy.publicId' },
    ]);
  });

  it('deletes the servers, sessions and requests of a deleted agent', async () => {
    const { company, as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway', servers: [hmi] });
    await f.openVpnSession(agent.publicId);
    await f.openClientSession(agent.publicId, company.admin.publicId);
    const agentId = await f.idOf('agents', agent.publicId);
    const row = await f
      .db()
      .selectFrom('agents')
      .select(['company_id'])
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    const userId = await f.idOf('users', company.admin.publicId);
    const request = await f
      .db()
      .insertInto('access_requests')
      .values({
        public_id: newPublicId(),
        company_id: row.company_id,
        agent_id: agentId,
        user_id: userId,
        vpn: true,
        starts_on: new Date(),
        ends_on: new Date(Date.now() + 3_600_000),
        reason: 'maintenance',
        decided_by_user_id: null,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await f
      .db()
      .insertInto('access_request_approvers')
      .values({ access_request_id: request.id, user_id: userId })
      .execute();

    expect((await t.call('DELETE', `Agent/${agent.publicId}`, as)).status).toBe(200);
    const count = async (table: 'agent_servers' | 'vpn_sessions' | 'client_sessions' | 'access_requests') =>
      (await f.db().selectFrom(table).select('id').where('agent_id', '=', agentId).execute()).length;
    expect([
      await count('agent_servers'),
      await count('vpn_sessions'),
      await count('client_sessions'),
      await count('access_requests'),
    ]).toEqual([0, 0, 0, 0]);
    expect((await t.call('GET', `Agent/${agent.publicId}`, as)).status).toBe(404);
  });
});

describe('Agent visibility', () => {
  it('shows all agents to device rights, and otherwise only those under groups the user is in', async () => {
    const { company, as } = await f.setup();
    const site = await f.createGroup(as, 'Site');
    const line = await f.createGroup(as, 'Line', site);
    const elsewhere = await f.createGroup(as, 'Elsewhere');
    const onLine = await f.createAgent(as, { name: 'On line', memberships: [{ group: { publicId: line } }] });
    const hidden = await f.createAgent(as, {
      name: 'Elsewhere',
      memberships: [{ group: { publicId: elsewhere } }],
      servers: [hmi],
    });
    await f.createAgent(as, { name: 'Ungrouped' });
    const names = async (who: { token: string }) =>
      (
        (
          await t.call('GET', 'AgentList', {
            token: who.token,
            company: company.publicId,
            query: { fields: 'name' },
          })
        ).body.data as Agent[]
      ).map((agent) => agent.name);

    for (const capability of [
      'agents.connect',
      'agents.manage',
      'accessRequests.use',
      'accessRequests.manage',
    ] as const) {
      const member = await t.newMember(company, [capability]);
      expect(await names(member)).toEqual(['On line', 'Elsewhere', 'Ungrouped']);
    }
    const outsider = await t.newMember(company, ['groups.manage']);
    expect(await names(outsider)).toEqual([]);
    const outsiderAs = { token: outsider.token, company: company.publicId };
    expect((await t.call('GET', `Agent/${onLine.publicId}`, outsiderAs)).status).toBe(404);

    // A role without any capability in the parent group still shows the agents below it.
    const siteMember = await t.newMember(company, []);
    await f.addGroupMember(company, site, siteMember, []);
    expect(await names(siteMember)).toEqual(['On line']);
    const siteAs = { token: siteMember.token, company: company.publicId };
    expect((await t.call('GET', `Agent/${onLine.publicId}`, siteAs)).status).toBe(200);
    expect((await t.call('GET', `Agent/${hidden.publicId}`, siteAs)).status).toBe(404);
    const servers = await t.call('GET', 'AgentServerList', siteAs);
    expect(servers.body.data).toEqual([]);
  });
});
