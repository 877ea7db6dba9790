import { afterEach, describe, expect, it } from 'vitest';
import { accessRequestErrors, type AccessRequest, type AccessRequestApprover } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { period, requestScenarios } from './access-request.fixtures.ts';

const t = useTestServer();
const { f, scenario, recordEvents } = requestScenarios(t);
let stopRecording: (() => void) | undefined;
afterEach(() => stopRecording?.());

describe('AgentAccessRequestApproverList', () => {
  it('lists who may approve, with the services each may approve; never the caller', async () => {
    const s = await scenario();
    const response = await t.call(
      'GET',
      `AgentAccessRequestApproverList/${s.agent.publicId}`,
      s.as(s.requester),
    );
    expect(response.status).toBe(200);
    const byId = new Map((response.body.data as AccessRequestApprover[]).map((a) => [a.publicId, a]));
    expect([...byId.keys()].sort()).toEqual(
      [s.company.admin.publicId, s.approver.publicId, s.maintainer.publicId].sort(),
    );
    expect(byId.get(s.approver.publicId)).toEqual({
      publicId: s.approver.publicId,
      name: 'Member',
      servers: [{ publicId: s.hmi.publicId }],
    });
    expect(byId.get(s.maintainer.publicId)!.servers).toEqual([
      { publicId: s.hmi.publicId },
      { publicId: s.plc.publicId },
    ]);
    // An approver asking sees the others, not themselves.
    const own = await t.call('GET', `AgentAccessRequestApproverList/${s.agent.publicId}`, {
      ...s.as(s.company.admin),
      query: { fields: 'name' },
    });
    expect(
      (own.body.data as { publicId: string; name: string }[]).map((a) => [a.publicId, a.name]).sort(),
    ).toEqual(
      [
        [s.approver.publicId, 'Member'],
        [s.maintainer.publicId, 'Member'],
      ].sort(),
    );
  });

  it('includes users who manage access requests through a group containing the agent', async () => {
    const s = await scenario();
    const groupManager = await t.newMember(s.company, []);
    const parent = await f.group(s.agent.companyId);
    await f.group(s.agent.companyId, { parentId: parent, agentId: s.agent.id });
    await f.groupRole(s.agent.companyId, parent, groupManager.publicId, ['accessRequests.manage']);
    const response = await t.call(
      'GET',
      `AgentAccessRequestApproverList/${s.agent.publicId}`,
      s.as(s.requester),
    );
    const ids = (response.body.data as AccessRequestApprover[]).map((a) => a.publicId);
    expect(ids).toContain(groupManager.publicId);
  });

  it('takes approvers from the controlling company when VPN and web are both locked', async () => {
    const controller = await t.newCompany();
    const s = await scenario({ vpnLocked: true, webAccessLocked: true, controlledBy: controller.publicId });
    const controllerApprover = await t.newMember(controller, ['accessRequests.manage']);
    await t.newMember(controller, ['agents.connect']);
    await f.category(controller.publicId, controllerApprover.publicId, 'maintenance');
    const response = await t.call(
      'GET',
      `AgentAccessRequestApproverList/${s.agent.publicId}`,
      s.as(s.requester),
    );
    expect(response.body.data).toEqual(
      expect.arrayContaining([
        {
          publicId: controller.admin.publicId,
          name: 'Company Admin',
          servers: [{ publicId: s.hmi.publicId }],
        },
        {
          publicId: controllerApprover.publicId,
          name: 'Member',
          servers: [{ publicId: s.hmi.publicId }, { publicId: s.plc.publicId }],
        },
      ]),
    );
    expect(response.body.data).toHaveLength(2);
  });

  it('keeps the agent company’s approvers when only one kind of access is locked', async () => {
    const controller = await t.newCompany();
    const s = await scenario({ vpnLocked: true, controlledBy: controller.publicId });
    const response = await t.call(
      'GET',
      `AgentAccessRequestApproverList/${s.agent.publicId}`,
      s.as(s.requester),
    );
    const ids = (response.body.data as AccessRequestApprover[]).map((a) => a.publicId);
    expect(ids).toContain(s.approver.publicId);
    expect(ids).not.toContain(controller.admin.publicId);
  });

  it('needs a token (401), the agent in the company (404) and accessRequests.use for it (403)', async () => {
    const s = await scenario();
    const other = await scenario();
    const path = `AgentAccessRequestApproverList/${s.agent.publicId}`;
    expect((await t.call('GET', path, { company: s.company.publicId })).status).toBe(401);
    expect((await t.call('GET', path, other.as(other.requester))).status).toBe(404);
    expect(
      (await t.call('GET', 'AgentAccessRequestApproverList/000000000000', s.as(s.requester))).status,
    ).toBe(404);
    const connectOnly = await t.newMember(s.company, ['agents.connect']);
    expect((await t.call('GET', path, s.as(connectOnly))).status).toBe(403);
    // accessRequests.use through a group containing the agent is enough.
    await f.groupRole(
      s.agent.companyId,
      await f.group(s.agent.companyId, { agentId: s.agent.id }),
      connectOnly.publicId,
      ['accessRequests.use'],
    );
    expect((await t.call('GET', path, s.as(connectOnly))).status).toBe(200);
  });

  it('refuses unknown fields (400)', async () => {
    const s = await scenario();
    const response = await t.call('GET', `AgentAccessRequestApproverList/${s.agent.publicId}`, {
      ...s.as(s.requester),
      query: { fields: 'emailAddress' },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: expect.stringContaining('unknown field'), propertyName: 'fields' },
    ]);
  });
});

describe('POST AgentAccessRequestList', () => {
  it('stores the request, audits it, messages the approvers and tells requester and approvers live', async () => {
    const s = await scenario();
    await f.category(s.company.publicId, s.company.admin.publicId, 'Maintenance');
    const recorder = recordEvents();
    stopRecording = recorder.stop;
    const when = period(90);
    const response = await s.create({
      ...when,
      servers: [{ publicId: s.plc.publicId }, { publicId: s.hmi.publicId }],
      allowedApprovers: [{ publicId: s.maintainer.publicId }, { publicId: s.company.admin.publicId }],
      reason: '  Replace the filler PLC program  ',
    });
    expect(response.status).toBe(201);
    const request = response.body.data as AccessRequest;
    expect(request).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      user: { publicId: s.requester.publicId, name: 'Member' },
      agent: { publicId: s.agent.publicId, name: 'Filler line' },
      asset: null,
      servers: [
        { publicId: s.hmi.publicId, name: 'HMI' },
        { publicId: s.plc.publicId, name: 'PLC' },
      ],
      vpn: false,
      start: when.start,
      end: when.end,
      reason: 'Replace the filler PLC program',
      allowedApprovers: expect.arrayContaining([
        { publicId: s.maintainer.publicId, name: 'Member' },
        { publicId: s.company.admin.publicId, name: 'Company Admin' },
      ]),
      status: 'pending',
      approver: null,
      decidedOn: null,
      createdOn: expect.any(String),
    });
    const audit = await t.call('GET', 'AuditLogList', {
      ...s.as(s.company.admin),
      query: { filters: `eq(resource.publicId,"${request.publicId}")` },
    });
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        resource: { rel: 'AccessRequest', publicId: request.publicId },
      }),
    ]);
    for (const approver of [s.maintainer, s.company.admin]) {
      const inbox = await t.call('GET', 'MessageList', { token: approver.token });
      expect(inbox.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            subject: 'Access request for Filler line',
            body: expect.stringContaining('Replace the filler PLC program'),
          }),
        ]),
      );
    }
    const notApprover = await t.call('GET', 'MessageList', { token: s.approver.token });
    expect(JSON.stringify(notApprover.body.data)).not.toContain('Filler line');
    const ids = await Promise.all(
      [s.requester, s.maintainer, s.company.admin].map((u) => f.idOf('users', u.publicId)),
    );
    expect(recorder.seen).toEqual([
      { userIds: expect.arrayContaining(ids), event: { type: 'AccessRequestChanged', data: request } },
    ]);
    expect(recorder.seen[0]!.userIds).toHaveLength(3);
  });

  it('takes a VPN request without services on an agent with a VPN restriction', async () => {
    for (const flags of [{ vpnLocked: true }, { vpnRequireAccessApproval: true }]) {
      const s = await scenario(flags);
      const response = await s.create({ vpn: true, servers: [] });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ vpn: true, servers: [] });
    }
  });

  it('accepts every offered duration and a start in the current minute', async () => {
    const s = await scenario();
    const startOfMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    for (const minutes of [30, 60, 90, 120, 180, 240, 300, 360, 420, 480]) {
      const end = new Date(startOfMinute.getTime() + minutes * 60_000);
      const response = await s.create({ start: startOfMinute.toISOString(), end: end.toISOString() });
      expect(response.status).toBe(201);
    }
  });

  it.each([
    ['no reason', { reason: undefined }, 'reason', accessRequestErrors.required],
    ['a blank reason', { reason: '   ' }, 'reason', accessRequestErrors.required],
    ['a too long reason', { reason: 'x'.repeat(1001) }, 'reason', 'Too long: at most 1000 characters'],
    ['no approvers', { allowedApprovers: [] }, 'allowedApprovers', accessRequestErrors.required],
    ['approvers missing', { allowedApprovers: undefined }, 'allowedApprovers', accessRequestErrors.required],
    ['no start', { start: undefined }, 'start', accessRequestErrors.required],
    ['a start that is no date', { start: 'tomorrow' }, 'start', accessRequestErrors.invalidDateTime],
    ['an end that is no date', { end: '2030-13-45T99:00:00Z' }, 'end', accessRequestErrors.invalidDateTime],
    ['vpn missing', { vpn: undefined }, 'vpn', accessRequestErrors.required],
    ['vpn not a boolean', { vpn: 'yes' }, 'vpn', 'Invalid type: expected boolean'],
    [
      'a malformed service',
      { servers: [{ publicId: 'x' }] },
      'servers.0.publicId',
      'Value does not match regex expression',
    ],
    ['an unknown property', { duration: 30 }, undefined, 'Unknown property: duration'],
  ])('refuses %s (400)', async (_name, body, propertyName, message) => {
    const s = await scenario();
    const response = await s.create(body);
    expect(response.status).toBe(400);
    expect(response.body.data).toContainEqual({ message, ...(propertyName ? { propertyName } : {}) });
  });

  it('refuses a start before the current minute and durations the dialog does not offer (400)', async () => {
    const s = await scenario();
    const past = period(60, -1);
    expect((await s.create(past)).body.data).toEqual([
      { message: accessRequestErrors.invalidDateTime, propertyName: 'start' },
    ]);
    for (const minutes of [0, 29, 45, 61, 540, -30]) {
      const { start } = period();
      const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
      const response = await s.create({ start, end });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([
        { message: accessRequestErrors.durationNotOffered, propertyName: 'end' },
      ]);
    }
  });

  it('needs services unless VPN, and VPN only with a VPN restriction (400)', async () => {
    const s = await scenario({ webAccessLocked: true });
    expect((await s.create({ servers: [] })).body.data).toEqual([
      { message: accessRequestErrors.required, propertyName: 'servers' },
    ]);
    const vpn = await s.create({ vpn: true, servers: [] });
    expect(vpn.status).toBe(400);
    expect(vpn.body.data).toEqual([{ message: accessRequestErrors.vpnNotOffered, propertyName: 'vpn' }]);
  });

  it('refuses the same service or approver twice (400)', async () => {
    const s = await scenario();
    const response = await s.create({
      servers: [{ publicId: s.hmi.publicId }, { publicId: s.hmi.publicId }],
      allowedApprovers: [{ publicId: s.approver.publicId }, { publicId: s.approver.publicId }],
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'Duplicate', propertyName: 'servers.publicId', listIndex: 1 },
      { message: 'Duplicate', propertyName: 'allowedApprovers.publicId', listIndex: 1 },
    ]);
  });

  it('refuses services of another agent (404 naming the service)', async () => {
    const s = await scenario();
    const otherAgent = await f.agent(s.company.publicId);
    const foreign = await f.server(otherAgent);
    const response = await s.create({
      servers: [{ publicId: s.hmi.publicId }, { publicId: foreign.publicId }],
    });
    expect(response.status).toBe(404);
    expect(response.body.data).toEqual([
      { message: 'Not found', propertyName: 'servers.publicId', listIndex: 1 },
    ]);
  });

  it('refuses approvers who may not approve every selected service (400 with listIndex)', async () => {
    const s = await scenario();
    const colleague = await t.newMember(s.company, ['agents.connect', 'accessRequests.use']);
    const outsider = await t.newCompany();
    const response = await s.create({
      servers: [{ publicId: s.hmi.publicId }, { publicId: s.plc.publicId }],
      allowedApprovers: [
        { publicId: s.maintainer.publicId },
        { publicId: s.approver.publicId },
        { publicId: s.requester.publicId },
        { publicId: colleague.publicId },
        { publicId: outsider.admin.publicId },
        { publicId: '000000000000' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual(
      [1, 2, 3, 4, 5].map((listIndex) => ({
        message: accessRequestErrors.approverNotAllowed,
        propertyName: 'allowedApprovers',
        listIndex,
      })),
    );
    const stored = await t.server.db
      .selectFrom('access_requests')
      .select('id')
      .where('agent_id', '=', s.agent.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses the agent company’s approvers for a controlled agent (400)', async () => {
    const controller = await t.newCompany();
    const s = await scenario({ vpnLocked: true, webAccessLocked: true, controlledBy: controller.publicId });
    const refused = await s.create({ allowedApprovers: [{ publicId: s.approver.publicId }] });
    expect(refused.body.data).toEqual([
      { message: accessRequestErrors.approverNotAllowed, propertyName: 'allowedApprovers', listIndex: 0 },
    ]);
    const accepted = await s.create({ allowedApprovers: [{ publicId: controller.admin.publicId }] });
    expect(accepted.status).toBe(201);
  });

  it('needs a token (401), the agent in the company (404) and accessRequests.use for it (403)', async () => {
    const s = await scenario();
    const other = await scenario();
    const body = {
      allowedApprovers: [{ publicId: s.approver.publicId }],
      servers: [],
      vpn: true,
      reason: 'x',
      ...period(),
    };
    const path = `AgentAccessRequestList/${s.agent.publicId}`;
    expect((await t.call('POST', path, { company: s.company.publicId, body })).status).toBe(401);
    expect((await t.call('POST', path, { ...other.as(other.requester), body })).status).toBe(404);
    const connectOnly = await t.newMember(s.company, ['agents.connect']);
    expect((await t.call('POST', path, { ...s.as(connectOnly), body })).status).toBe(403);
  });
});
