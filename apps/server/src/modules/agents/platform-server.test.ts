import { describe, expect, it } from 'vitest';
import type { PlatformServer } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { agentFixtures } from './agent.test-support.ts';

const t = useTestServer();
const f = agentFixtures(t);

async function addPlatformServer(companyId: number, name: string, type: 'rsc' | 'mdr') {
  const publicId = newPublicId();
  await f
    .db()
    .insertInto('platform_servers')
    .values({ public_id: publicId, company_id: companyId, name, type, location: 'eu-west', vpn_range: null })
    .execute();
  return publicId;
}

describe('MyCompanyPlatformServerList', () => {
  it('needs a token (401) and refuses a bad filter (400)', async () => {
    const { company, as } = await f.setup();
    expect((await t.call('GET', 'MyCompanyPlatformServerList', { company: company.publicId })).status).toBe(
      401,
    );
    const badFilter = await t.call('GET', 'MyCompanyPlatformServerList', {
      ...as,
      query: { filters: 'eq(kind,"x")' },
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.data).toEqual([
      { message: 'Invalid filters: unknown field "kind"', propertyName: 'filters' },
    ]);
  });

  it("lists the shared servers and the company's own to any member, not another company's", async () => {
    const mine = await f.setup();
    const theirs = await f.setup();
    const own = await addPlatformServer(mine.companyId, 'Own data server', 'mdr');
    const their = await addPlatformServer(theirs.companyId, 'Their relay', 'rsc');
    const member = await t.newMember(mine.company, []);
    const memberAs = { token: member.token, company: mine.company.publicId };

    const listed = await t.call('GET', 'MyCompanyPlatformServerList', memberAs);
    expect(listed.status).toBe(200);
    const servers = listed.body.data as PlatformServer[];
    expect(servers).toContainEqual({
      publicId: expect.any(String),
      name: 'Built-in relay',
      type: 'rsc',
      location: 'local',
      vpnRange: '10.187.0.0/16',
    });
    expect(servers).toContainEqual({
      publicId: own,
      name: 'Own data server',
      type: 'mdr',
      location: 'eu-west',
      vpnRange: null,
    });
    expect(servers.map((server) => server.publicId)).not.toContain(their);
    expect((await t.call('GET', `MyCompanyPlatformServer/${their}`, memberAs)).status).toBe(404);

    const relays = await t.call('GET', 'MyCompanyPlatformServerList', {
      ...memberAs,
      query: { filters: 'in(type,"rsc")', fields: 'name,type' },
    });
    expect(relays.body.data).toEqual([
      { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), name: 'Built-in relay', type: 'rsc' },
    ]);

    const dataRelays = await t.call('GET', 'MyCompanyPlatformServerList', {
      ...memberAs,
      query: { filters: 'eq(type,"mdr")', fields: 'name,type,location,vpnRange' },
    });
    expect(dataRelays.body.data).toEqual([
      {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        name: 'Built-in data relay',
        type: 'mdr',
        location: 'local',
        vpnRange: null,
      },
      { publicId: own, name: 'Own data server', type: 'mdr', location: 'eu-west', vpnRange: null },
    ]);

    const both = await t.call('GET', 'MyCompanyPlatformServerList', {
      ...memberAs,
      query: { filters: 'in(type,"mdr","rsc")', fields: 'name' },
    });
    expect((both.body.data as PlatformServer[]).map((server) => server.name)).toEqual([
      'Built-in relay',
      'Built-in data relay',
      'Own data server',
    ]);
  });
});
