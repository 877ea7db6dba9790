import { afterEach, describe, expect, it } from 'vitest';
import { accessRequestErrors, type AccessRequest } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { requestScenarios } from './access-request.fixtures.ts';

const t = useTestServer();
const { f, scenario, recordEvents } = requestScenarios(t);
let stopRecording: (() => void) | undefined;
afterEach(() => stopRecording?.());

const decide = (rel: string, publicId: string, user: { token: string }) =>
  t.call('POST', `${rel}/${publicId}`, { token: user.token });

describe('AccessRequestApprove, AccessRequestReject, AccessRequestRevoke', () => {
  it('approves: status, approver and time stored, audited, the requester messaged, everyone told live', async () => {
    const s = await scenario();
    const request = await s.createOk({
      allowedApprovers: [{ publicId: s.approver.publicId }, { publicId: s.maintainer.publicId }],
    });
    const recorder = recordEvents();
    stopRecording = recorder.stop;
    const response = await decide('AccessRequestApprove', request.publicId, s.approver);
    expect(response.status).toBe(200);
    const approved = response.body.data as AccessRequest;
    expect(approved).toEqual({
      ...request,
      status: 'approved',
      approver: { publicId: s.approver.publicId, name: 'Member' },
      decidedOn: expect.any(String),
    });
    const ids = await Promise.all(
      [s.requester, s.approver, s.maintainer].map((u) => f.idOf('users', u.publicId)),
    );
    expect(recorder.seen).toEqual([
      { userIds: expect.arrayContaining(ids), event: { type: 'AccessRequestChanged', data: approved } },
    ]);
    const audit = await t.call('GET', 'AuditLogList', {
      ...s.as(s.company.admin),
      query: { filters: [`eq(resource.publicId,"${request.publicId}")`, 'eq(action,"UPDATE")'] },
    });
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        actor: { publicId: s.approver.publicId, name: 'Member' },
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'approved' }),
      }),
    ]);
    const inbox = await t.call('GET', 'MessageList', { token: s.requester.token });
    expect(inbox.body.data).toContainEqual(
      expect.objectContaining({
        subject: 'Access request approved',
        body: expect.stringMatching(/^Member approved your request for HMI on Filler line/),
      }),
    );
    const stored = await t.call('GET', `AccessRequest/${request.publicId}`, s.as(s.requester));
    expect(stored.body.data).toEqual(approved);
  });

  it('rejects a pending request, revokes an approved one, and refuses decisions in the wrong state (409)', async () => {
    const s = await scenario();
    const rejected = await s.createOk();
    expect((await decide('AccessRequestRevoke', rejected.publicId, s.approver)).body.data).toEqual([
      { message: accessRequestErrors.notApproved },
    ]);
    const reject = await decide('AccessRequestReject', rejected.publicId, s.approver);
    expect(reject.body.data).toMatchObject({
      status: 'rejected',
      approver: { publicId: s.approver.publicId },
    });
    for (const rel of ['AccessRequestApprove', 'AccessRequestReject']) {
      const again = await decide(rel, rejected.publicId, s.approver);
      expect(again.status).toBe(409);
      expect(again.body.data).toEqual([{ message: accessRequestErrors.notPending }]);
    }
    expect((await decide('AccessRequestRevoke', rejected.publicId, s.approver)).status).toBe(409);

    const revoked = await s.createOk();
    expect((await decide('AccessRequestApprove', revoked.publicId, s.approver)).status).toBe(200);
    const revoke = await decide('AccessRequestRevoke', revoked.publicId, s.approver);
    expect(revoke.status).toBe(200);
    expect(revoke.body.data).toMatchObject({ status: 'revoked' });
    const inbox = await t.call('GET', 'MessageList', { token: s.requester.token });
    const subjects = (inbox.body.data as { subject: string }[]).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Access request rejected', 'Access request revoked']));
    expect((await decide('AccessRequestRevoke', revoked.publicId, s.approver)).status).toBe(409);
  });

  it('refuses to approve a request whose end has passed (409)', async () => {
    const s = await scenario();
    const request = await s.createOk();
    await t.server.db
      .updateTable('access_requests')
      .set({ starts_on: new Date(Date.now() - 7_200_000), ends_on: new Date(Date.now() - 1000) })
      .where('public_id', '=', request.publicId)
      .execute();
    const response = await decide('AccessRequestApprove', request.publicId, s.approver);
    expect(response.status).toBe(409);
    expect(response.body.data).toEqual([{ message: accessRequestErrors.expired }]);
    expect((await decide('AccessRequestReject', request.publicId, s.approver)).status).toBe(200);
  });

  it('never lets the requester decide (403), even when they manage access requests', async () => {
    const s = await scenario();
    const manager = await t.newMember(s.company, [
      'agents.connect',
      'accessRequests.use',
      'accessRequests.manage',
    ]);
    const request = await s.createOk({}, manager);
    for (const rel of ['AccessRequestApprove', 'AccessRequestReject', 'AccessRequestRevoke']) {
      const response = await decide(rel, request.publicId, manager);
      expect(response.status).toBe(403);
      expect(response.body.data).toEqual([{ message: accessRequestErrors.ownRequest }]);
    }
  });

  it('lets only allowed approvers who still qualify decide (403)', async () => {
    const s = await scenario();
    const request = await s.createOk({
      servers: [{ publicId: s.plc.publicId }],
      allowedApprovers: [{ publicId: s.maintainer.publicId }],
    });
    // The administrator sees every request of the company but was not asked.
    expect((await decide('AccessRequestApprove', request.publicId, s.company.admin)).status).toBe(403);
    // The maintainer left the Maintenance category after the request was made.
    await f.category(s.company.publicId, s.maintainer.publicId, 'Operations');
    expect((await decide('AccessRequestApprove', request.publicId, s.maintainer)).status).toBe(403);
    await f.category(s.company.publicId, s.maintainer.publicId, 'Maintenance');
    expect((await decide('AccessRequestApprove', request.publicId, s.maintainer)).status).toBe(200);
  });

  it('refuses an approver whose role no longer manages access requests (403)', async () => {
    const s = await scenario();
    const request = await s.createOk();
    await t.server.db
      .updateTable('roles')
      .set({ capabilities: JSON.stringify(['agents.connect']) })
      .where('public_id', '=', s.approver.rolePublicId)
      .execute();
    expect((await decide('AccessRequestReject', request.publicId, s.approver)).status).toBe(403);
  });

  it('lets an approver of the controlling company decide without acting in the agent’s company', async () => {
    const controller = await t.newCompany();
    const s = await scenario({ vpnLocked: true, webAccessLocked: true, controlledBy: controller.publicId });
    const request = await s.createOk({ allowedApprovers: [{ publicId: controller.admin.publicId }] });
    const response = await decide('AccessRequestApprove', request.publicId, controller.admin);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      status: 'approved',
      approver: { publicId: controller.admin.publicId },
    });
  });

  it('needs a token (401); a request the caller cannot see is not found (404)', async () => {
    const s = await scenario();
    const request = await s.createOk();
    const stranger = await t.newCompany();
    const bystander = await t.newMember(s.company, ['accessRequests.use']);
    for (const rel of ['AccessRequestApprove', 'AccessRequestReject', 'AccessRequestRevoke']) {
      expect((await t.call('POST', `${rel}/${request.publicId}`)).status).toBe(401);
      expect((await decide(rel, request.publicId, stranger.admin)).status).toBe(404);
      expect((await decide(rel, request.publicId, bystander)).status).toBe(404);
      expect((await decide(rel, '000000000000', s.approver)).status).toBe(404);
      expect((await decide(rel, 'not-an-id', s.approver)).status).toBe(404);
    }
  });

  it('refuses a body (400)', async () => {
    const s = await scenario();
    const request = await s.createOk();
    const response = await t.call('POST', `AccessRequestApprove/${request.publicId}`, {
      token: s.approver.token,
      body: { status: 'approved' },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message: 'Unknown property: status', propertyName: 'status' }]);
    const empty = await t.call('POST', `AccessRequestApprove/${request.publicId}`, {
      token: s.approver.token,
      body: {},
    });
    expect(empty.status).toBe(200);
  });

  it('takes a JSON content type with no body as no body', async () => {
    const s = await scenario();
    const request = await s.createOk();
    const response = await fetch(`${t.server.baseUrl}/api/AccessRequestApprove/${request.publicId}`, {
      method: 'POST',
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${s.approver.token}`,
        'Content-Type': 'application/json',
      },
    });
    expect(response.status).toBe(200);
  });
});
