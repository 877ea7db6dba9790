import type { AccessRequest, Capability, LiveEvent } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { deviceFixtures } from '../access/device.fixtures.ts';

type TestServer = ReturnType<typeof useTestServer>;

const requesterRights: Capability[] = ['agents.connect', 'accessRequests.use'];
const minute = 60_000;

/** A valid request period: from the next minute, for an hour. */
export function period(minutes = 60, startInMinutes = 1) {
  const start = new Date((Math.floor(Date.now() / minute) + startInMinutes) * minute);
  return { start: start.toISOString(), end: new Date(start.getTime() + minutes * minute).toISOString() };
}

/**
 * A company with an agent locked for VPN and web, two services (PLC in the "Maintenance"
 * service group), a requester, an approver, a maintainer (approver in the Maintenance access
 * category) and the company administrator (who also qualifies).
 */
export function requestScenarios(t: TestServer) {
  const f = deviceFixtures(() => t.server.db);

  async function scenario(flags: Parameters<typeof f.agent>[1] = { vpnLocked: true, webAccessLocked: true }) {
    const company = await t.newCompany();
    const agent = await f.agent(company.publicId, { name: 'Filler line', ...flags });
    const hmi = await f.server(agent, { name: 'HMI' });
    const plc = await f.server(agent, { name: 'PLC', serviceGroup: 'Maintenance' });
    const requester = await t.newMember(company, requesterRights);
    const approver = await t.newMember(company, ['accessRequests.manage']);
    const maintainer = await t.newMember(company, ['accessRequests.manage']);
    await f.category(company.publicId, maintainer.publicId, 'Maintenance');
    const as = (user: { token: string }) => ({ token: user.token, company: company.publicId });

    const create = (body: Record<string, unknown>, user: { token: string } = requester) =>
      t.call('POST', `AgentAccessRequestList/${agent.publicId}`, {
        ...as(user),
        body: {
          allowedApprovers: [{ publicId: approver.publicId }],
          servers: [{ publicId: hmi.publicId }],
          vpn: false,
          reason: 'Change the recipe',
          ...period(),
          ...body,
        },
      });
    const createOk = async (body: Record<string, unknown> = {}, user: { token: string } = requester) => {
      const response = await create(body, user);
      if (response.status !== 201) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
      return response.body.data as AccessRequest;
    };
    return { company, agent, hmi, plc, requester, approver, maintainer, as, create, createOk };
  }

  /** Collects the live events published while a test runs. */
  function recordEvents() {
    const seen: { userIds: number[]; event: LiveEvent }[] = [];
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('userIds' in audience) seen.push({ userIds: audience.userIds, event });
    });
    return { seen, stop };
  }

  return { f, scenario, recordEvents };
}
