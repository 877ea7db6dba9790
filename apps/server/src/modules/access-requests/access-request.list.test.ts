import { describe, expect, it } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { period, requestScenarios } from './access-request.fixtures.ts';

const t = useTestServer();
const { scenario } = requestScenarios(t);

const publicIds = (data: unknown) => (data as AccessRequest[]).map((r) => r.publicId);

describe('AccessRequestList and AgentAccessRequestList', () => {
  it('shows callers their own requests, those naming them as approver, and all to managers; newest first', async () => {
    const s = await scenario();
    const colleague = await t.newMember(s.company, ['agents.connect', 'accessRequests.use']);
    const first = await s.createOk();
    const second = await s.createOk({ allowedApprovers: [{ publicId: s.maintainer.publicId }] });
    const colleagues = await s.createOk({}, colleague);
    const list = async (user: { token: string }) =>
      publicIds((await t.call('GET', 'AccessRequestList', s.as(user))).body.data);
    expect(await list(s.requester)).toEqual([second.publicId, first.publicId]);
    expect(await list(colleague)).toEqual([colleagues.publicId]);
    expect(await list(s.maintainer)).toEqual([colleagues.publicId, second.publicId, first.publicId]);
    expect(await list(s.company.admin)).toEqual([colleagues.publicId, second.publicId, first.publicId]);
    const bystander = await t.newMember(s.company, []);
    expect(await list(bystander)).toEqual([]);
    const agentList = await t.call('GET', `AgentAccessRequestList/${s.agent.publicId}`, s.as(s.requester));
    expect(publicIds(agentList.body.data)).toEqual([second.publicId, first.publicId]);
  });

  it('shows an approver of a controlling company the requests naming them, acting in that company', async () => {
    const controller = await t.newCompany();
    const s = await scenario({ vpnLocked: true, webAccessLocked: true, controlledBy: controller.publicId });
    const controllerApprover = await t.newMember(controller, ['accessRequests.manage']);
    const named = await s.createOk({ allowedApprovers: [{ publicId: controllerApprover.publicId }] });
    await s.createOk({ allowedApprovers: [{ publicId: controller.admin.publicId }] });
    const response = await t.call('GET', 'AccessRequestList', {
      token: controllerApprover.token,
      company: controller.publicId,
    });
    expect(publicIds(response.body.data)).toEqual([named.publicId]);
    const item = await t.call('GET', `AccessRequest/${named.publicId}`, {
      token: controllerApprover.token,
      company: controller.publicId,
    });
    expect(item.body.data).toEqual(named);
  });

  it('filters by user, status, start, end, vpn and agent, selects fields and pages', async () => {
    const s = await scenario();
    const vpn = await s.createOk({ vpn: true, servers: [] });
    const later = await s.createOk(period(30, 120));
    const colleague = await t.newMember(s.company, ['agents.connect', 'accessRequests.use']);
    const colleagues = await s.createOk({}, colleague);
    await t.server.db
      .updateTable('access_requests')
      .set({ status: 'approved' })
      .where('public_id', '=', vpn.publicId)
      .execute();
    const find = async (...filters: string[]) =>
      publicIds(
        (await t.call('GET', 'AccessRequestList', { ...s.as(s.company.admin), query: { filters } })).body
          .data,
      );
    expect(await find(`eq(user.publicId,"${colleague.publicId}")`)).toEqual([colleagues.publicId]);
    expect(await find('eq(status,"approved")')).toEqual([vpn.publicId]);
    expect(await find('in(status,"pending","rejected")')).toEqual([colleagues.publicId, later.publicId]);
    expect(await find('eq(vpn,true)')).toEqual([vpn.publicId]);
    expect(await find(`gte(start,"${later.start}")`)).toEqual([later.publicId]);
    expect(await find(`lte(end,"${vpn.end}")`, `eq(user.publicId,"${s.requester.publicId}")`)).toEqual([
      vpn.publicId,
    ]);
    expect(await find(`eq(agent.publicId,"${s.agent.publicId}")`)).toHaveLength(3);
    expect(await find('eq(agent.publicId,"000000000000")')).toEqual([]);

    const fields = await t.call('GET', `AgentAccessRequestList/${s.agent.publicId}`, {
      ...s.as(s.requester),
      query: { fields: 'status,user(name),servers.name', filters: 'eq(vpn,false)' },
    });
    expect(fields.body.data).toEqual([
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        status: 'pending',
        user: { publicId: s.requester.publicId, name: 'Member' },
        servers: [{ publicId: s.hmi.publicId, name: 'HMI' }],
      },
    ]);

    const firstPage = await t.call('GET', 'AccessRequestList', {
      ...s.as(s.company.admin),
      query: { 'page-size': '2' },
    });
    expect(publicIds(firstPage.body.data)).toEqual([colleagues.publicId, later.publicId]);
    const secondPage = await t.call('GET', 'AccessRequestList', {
      ...s.as(s.company.admin),
      query: { 'page-size': '2', 'page-after': firstPage.body.moreAfter! },
    });
    expect(publicIds(secondPage.body.data)).toEqual([vpn.publicId]);
    expect(secondPage.body.moreAfter).toBeNull();
  });

  it.each([
    [{ filters: 'eq(reason,"x")' }, 'filters'],
    [{ filters: 'gt(vpn,true)' }, 'filters'],
    [{ filters: 'eq(start,"yesterday")' }, 'filters'],
    [{ fields: 'secret' }, 'fields'],
    [{ 'page-size': '0' }, 'page-size'],
    [{ 'page-after': '!!' }, 'page-after'],
  ])('refuses %j (400 naming %s)', async (query, propertyName) => {
    const s = await scenario();
    for (const path of ['AccessRequestList', `AgentAccessRequestList/${s.agent.publicId}`]) {
      const response = await t.call('GET', path, { ...s.as(s.requester), query });
      expect(response.status).toBe(400);
      expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
    }
  });

  it('needs a token (401); another company’s agent or request is not found (404)', async () => {
    const s = await scenario();
    const other = await scenario();
    const request = await s.createOk();
    expect((await t.call('GET', 'AccessRequestList', { company: s.company.publicId })).status).toBe(401);
    expect(
      (await t.call('GET', `AgentAccessRequestList/${s.agent.publicId}`, { company: s.company.publicId }))
        .status,
    ).toBe(401);
    expect(
      (await t.call('GET', `AccessRequest/${request.publicId}`, { company: s.company.publicId })).status,
    ).toBe(401);
    expect(
      (await t.call('GET', `AgentAccessRequestList/${s.agent.publicId}`, other.as(other.company.admin)))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `AccessRequest/${request.publicId}`, other.as(other.company.admin))).status,
    ).toBe(404);
    expect(
      publicIds((await t.call('GET', 'AccessRequestList', other.as(other.company.admin))).body.data),
    ).toEqual([]);
    // Within the company, a request the caller may not see is not found either.
    const bystander = await t.newMember(s.company, []);
    expect((await t.call('GET', `AccessRequest/${request.publicId}`, s.as(bystander))).status).toBe(404);
    expect((await t.call('GET', `AccessRequest/${request.publicId}`, s.as(s.approver))).status).toBe(200);
  });
});
