import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { seedAgent, startAgent } from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import { browse, page, startHttpDevice, type Device } from './web-access.test-support.ts';

/**
 * The session cookie on an https PUBLIC_URL (as in production): a `__Host-` cookie, which the
 * browser takes only from the session host itself, so no other host of the domain can plant or
 * shadow it. The server here listens on plain http; the session hosts' scheme is PUBLIC_URL's.
 */

const t = useTestServer({ config: { publicUrl: 'https://localhost:8443' } });
const runners: AgentRunner[] = [];
let hmi: Device;
beforeAll(async () => {
  hmi = await startHttpDevice();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await hmi.close();
});

const serverPort = () => Number(new URL(t.server.baseUrl).port);

describe('web access on https: the session cookie', () => {
  it('is a __Host- cookie (Secure, Path=/, no Domain), and a cookie of the plain name is not taken', async () => {
    const company = await t.newCompany();
    const listed = [{ name: 'hmi', host: '127.0.0.1', port: hmi.port }];
    const agent = await seedAgent(t.server.db, company.publicId, {
      servers: listed.map((s) => ({ ...s, requireAccessApproval: false })),
    });
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: 'http' })
      .where('id', '=', agent.servers[0]!.id)
      .execute();
    runners.push(await startAgent(t.server.baseUrl, agent, listed));
    const created = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
      token: company.admin.token,
      company: company.publicId,
      body: { server: { publicId: agent.servers[0]!.publicId } },
    });
    expect(created.status).toBe(201);
    const url = new URL((created.body.data as WebAccessSession).url);
    expect(url.protocol).toBe('https:');
    const start = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: serverPort() });
    expect(start.status).toBe(303);
    const setCookie = start.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(
      /^__Host-fleetgate_web=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    const value = setCookie.split(';')[0]!.split('=')[1]!;
    const get = (cookie: string) =>
      browse(url.origin, '/', { serverPort: serverPort(), headers: { Cookie: cookie } });

    const home = await get(`__Host-fleetgate_web=${value}`);
    expect(home.status).toBe(200);
    expect(home.body.toString()).toBe(page);
    // The same secret under the name any host of the domain could set is refused.
    expect((await get(`__fleetgate_web=${value}`)).status).toBe(401);

    // The device's own cookies are host-only on the session host; one for the parent domain is dropped.
    const login = await browse(url.origin, '/login', {
      serverPort: serverPort(),
      headers: { Cookie: `__Host-fleetgate_web=${value}` },
    });
    expect(login.status).toBe(302);
    expect(login.headers['set-cookie']).toEqual(['sid=abc; Path=/; Secure; HttpOnly', 'theme=dark; Path=/']);
  });
});
