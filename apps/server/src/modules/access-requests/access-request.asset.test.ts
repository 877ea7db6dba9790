import { afterEach, describe, expect, it } from 'vitest';
import { accessRequestErrors, type AccessRequest, type AccessRequestApprover } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { period, requestScenarios } from './access-request.fixtures.ts';

const t = useTestServer();
const { scenario, recordEvents } = requestScenarios(t);
let stopRecording: (() => void) | undefined;
afterEach(() => stopRecording?.());

/** An asset of the company, reached through the agent when one is given. */
async function asset(companyId: number, name: string, agentId: number | null) {
  const db = t.server.db;
  const type = await db
    .insertInto('asset_types')
    .values({ public_id: newPublicId(), company_id: companyId, name: `Type ${newPublicId()}`, sort_order: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('assets')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      name,
      asset_type_id: type.id,
      agent_id: agentId,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, publicId: row.public_id, name };
}

async function assetScenario() {
  const s = await scenario();
  const filler = await asset(s.agent.companyId, 'Filler 3', s.agent.id);
  const loose = await asset(s.agent.companyId, 'Spare pump', null);
  const body = (extra: Record<string, unknown> = {}) => ({
    allowedApprovers: [{ publicId: s.approver.publicId }],
    servers: [{ publicId: s.hmi.publicId }],
    vpn: false,
    reason: 'Check the filler',
    ...period(),
    ...extra,
  });
  const createFor = (assetPublicId: string, user: { token: string } = s.requester, extra = {}) =>
    t.call('POST', `AssetAccessRequestList/${assetPublicId}`, { ...s.as(user), body: body(extra) });
  return { ...s, filler, loose, body, createFor };
}

describe('AssetAccessRequestApproverList', () => {
  it("lists the approvers of the asset's agent, like the agent's list", async () => {
    const s = await assetScenario();
    const forAsset = await t.call(
      'GET',
      `AssetAccessRequestApproverList/${s.filler.publicId}`,
      s.as(s.requester),
    );
    expect(forAsset.status).toBe(200);
    expect(forAsset.body.type).toBe('AssetAccessRequestApproverList');
    const forAgent = await t.call(
      'GET',
      `AgentAccessRequestApproverList/${s.agent.publicId}`,
      s.as(s.requester),
    );
    const sorted = (data: unknown) =>
      (data as AccessRequestApprover[]).slice().sort((a, b) => a.publicId.localeCompare(b.publicId));
    expect(sorted(forAsset.body.data)).toEqual(sorted(forAgent.body.data));
    const named = await t.call('GET', `AssetAccessRequestApproverList/${s.filler.publicId}`, {
      ...s.as(s.requester),
      query: { fields: 'name' },
    });
    expect((named.body.data as object[]).every((a) => Object.keys(a).sort().join() === 'name,publicId')).toBe(
      true,
    );
  });

  it('needs a token (401), the asset in the company (404), an agent (400) and accessRequests.use (403)', async () => {
    const s = await assetScenario();
    const other = await assetScenario();
    const path = (id: string) => `AssetAccessRequestApproverList/${id}`;
    expect((await t.call('GET', path(s.filler.publicId), { company: s.company.publicId })).status).toBe(401);
    expect((await t.call('GET', path(other.filler.publicId), s.as(s.requester))).status).toBe(404);
    expect((await t.call('GET', path('000000000000'), s.as(s.requester))).status).toBe(404);
    const loose = await t.call('GET', path(s.loose.publicId), s.as(s.requester));
    expect(loose.status).toBe(400);
    expect(loose.body).toMatchObject({
      status: 'error',
      data: [{ message: accessRequestErrors.noAgentReference, propertyName: 'asset' }],
    });
    const connectOnly = await t.newMember(s.company, ['agents.connect']);
    expect((await t.call('GET', path(s.filler.publicId), s.as(connectOnly))).status).toBe(403);
  });
});

describe('POST AssetAccessRequestList', () => {
  it("stores a request for the asset's agent naming the asset, audits it and tells everyone live", async () => {
    const s = await assetScenario();
    const recorder = recordEvents();
    stopRecording = recorder.stop;
    const response = await s.createFor(s.filler.publicId);
    expect(response.status).toBe(201);
    const request = response.body.data as AccessRequest;
    expect(request).toMatchObject({
      agent: { publicId: s.agent.publicId, name: 'Filler line' },
      asset: { publicId: s.filler.publicId, name: 'Filler 3' },
      servers: [{ publicId: s.hmi.publicId, name: 'HMI' }],
      vpn: false,
      status: 'pending',
    });
    const row = await t.server.db
      .selectFrom('access_requests')
      .select(['agent_id', 'asset_id'])
      .where('public_id', '=', request.publicId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_id: s.agent.id, asset_id: s.filler.id });

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
    expect(recorder.seen).toEqual([
      expect.objectContaining({ event: { type: 'AccessRequestChanged', data: request } }),
    ]);

    // Read back, and approved like any request: the approval grants web access to the service.
    const read = await t.call('GET', `AccessRequest/${request.publicId}`, s.as(s.requester));
    expect(read.body.data).toEqual(request);
    const approved = await t.call('POST', `AccessRequestApprove/${request.publicId}`, {
      token: s.approver.token,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', asset: request.asset });
  });

  it('lists and filters requests by asset; an agent request has no asset', async () => {
    const s = await assetScenario();
    const forAsset = (await s.createFor(s.filler.publicId)).body.data as AccessRequest;
    const forAgent = await s.createOk();
    expect(forAgent.asset).toBeNull();
    const list = async (filters?: string) => {
      const response = await t.call('GET', 'AccessRequestList', {
        ...s.as(s.requester),
        query: { fields: 'publicId,asset', ...(filters ? { filters } : {}) },
      });
      expect(response.status).toBe(200);
      return response.body.data;
    };
    expect(await list()).toEqual([
      { publicId: forAgent.publicId, asset: null },
      { publicId: forAsset.publicId, asset: { publicId: s.filler.publicId, name: 'Filler 3' } },
    ]);
    expect(await list(`eq(asset.publicId,"${s.filler.publicId}")`)).toEqual([
      { publicId: forAsset.publicId, asset: forAsset.asset },
    ]);
    expect(await list('eq(asset.name,"Filler 3")')).toEqual([
      { publicId: forAsset.publicId, asset: forAsset.asset },
    ]);
    expect(await list('eq(asset.name,"Spare pump")')).toEqual([]);
    const onAgent = await t.call('GET', `AgentAccessRequestList/${s.agent.publicId}`, {
      ...s.as(s.requester),
      query: { fields: 'publicId', filters: `eq(asset.publicId,"${s.filler.publicId}")` },
    });
    expect(onAgent.body.data).toEqual([{ publicId: forAsset.publicId }]);
  });

  it('keeps the request when the asset is deleted, without the asset', async () => {
    const s = await assetScenario();
    const request = (await s.createFor(s.filler.publicId)).body.data as AccessRequest;
    await t.server.db.deleteFrom('assets').where('public_id', '=', s.filler.publicId).execute();
    const read = await t.call('GET', `AccessRequest/${request.publicId}`, s.as(s.requester));
    expect(read.body.data).toMatchObject({ publicId: request.publicId, asset: null });
  });

  it('needs a token (401), the asset in the company (404), an agent (400) and accessRequests.use (403)', async () => {
    const s = await assetScenario();
    const other = await assetScenario();
    const anonymous = await t.call('POST', `AssetAccessRequestList/${s.filler.publicId}`, {
      company: s.company.publicId,
      body: s.body(),
    });
    expect(anonymous.status).toBe(401);
    expect((await s.createFor(other.filler.publicId)).status).toBe(404);
    expect((await s.createFor('000000000000')).status).toBe(404);
    const loose = await s.createFor(s.loose.publicId);
    expect(loose.status).toBe(400);
    expect(loose.body.data).toEqual([
      { message: accessRequestErrors.noAgentReference, propertyName: 'asset' },
    ]);
    const connectOnly = await t.newMember(s.company, ['agents.connect']);
    expect((await s.createFor(s.filler.publicId, connectOnly)).status).toBe(403);
    const count = await t.server.db
      .selectFrom('access_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', s.agent.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("applies the agent request's rules: input (400 with propertyName), approvers and services", async () => {
    const s = await assetScenario();
    const missing = await t.call('POST', `AssetAccessRequestList/${s.filler.publicId}`, {
      ...s.as(s.requester),
      body: { ...s.body(), reason: undefined },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([expect.objectContaining({ propertyName: 'reason' })]);
    const vpn = await s.createFor(s.filler.publicId, s.requester, { vpn: true, servers: [] });
    expect(vpn.status).toBe(201);
    // The approver may not approve the PLC (Maintenance service group).
    const plc = await s.createFor(s.filler.publicId, s.requester, {
      servers: [{ publicId: s.plc.publicId }],
    });
    expect(plc.status).toBe(400);
    expect(plc.body.data).toEqual([
      { message: accessRequestErrors.approverNotAllowed, propertyName: 'allowedApprovers', listIndex: 0 },
    ]);
    // A service of another agent is not found.
    const foreign = await s.createFor(s.filler.publicId, s.requester, {
      servers: [{ publicId: newPublicId() }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toEqual([
      { message: 'Not found', propertyName: 'servers.publicId', listIndex: 0 },
    ]);
  });
});
