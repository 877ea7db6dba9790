import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { seedAgent, startAgent } from '../../relay/relay.test-support.ts';
import type { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import { browse } from './web-access.test-support.ts';

/**
 * A device that never answers, on a server whose idle-connection timeout is shorter than the
 * time a device's answer is waited for: the browser still gets the 504 page, never a dropped
 * connection (waiting for a device is not the browser being idle).
 */

const t = useTestServer({
  connectionLimits: {
    maxConnectionsPerAddress: 0,
    requestTimeoutMs: 4000,
    headersTimeoutMs: 4000,
    // Long enough for the API calls that set the session up on a busy machine.
    connectionTimeoutMs: 2000,
    // The API client does not reuse a connection that announces a keep-alive this short, so
    // none of its connections goes idle under it.
    keepAliveTimeoutMs: 1000,
  },
});
const runners: AgentRunner[] = [];
let silent: net.Server;
let silentPort = 0;
beforeAll(async () => {
  silent = net.createServer((socket) => socket.on('error', () => {}));
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  silentPort = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  silent.close();
});

const serverPort = () => Number(new URL(t.server.baseUrl).port);

describe('web access: a device that never answers', () => {
  it('gets the 504 page once the response timeout is over, though the idle timeout is shorter', async () => {
    const company = await t.newCompany();
    const listed = [{ name: 'silent', host: '127.0.0.1', port: silentPort }];
    const agent = await seedAgent(t.server.db, company.publicId, {
      servers: listed.map((s) => ({ ...s, requireAccessApproval: false })),
    });
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: 'http' })
      .where('id', '=', agent.servers[0]!.id)
      .execute();
    runners.push(await startAgent(t.server.baseUrl, agent, listed));
    const response = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
      token: company.admin.token,
      company: company.publicId,
      body: { server: { publicId: agent.servers[0]!.publicId } },
    });
    expect(response.status).toBe(201);
    const url = new URL((response.body.data as WebAccessSession).url);
    const start = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: serverPort() });
    expect(start.status).toBe(303);
    const cookie = start.headers['set-cookie']![0]!.split(';')[0]!;

    const answer = await browse(url.origin, '/', { serverPort: serverPort(), headers: { Cookie: cookie } });
    expect(answer.status).toBe(504);
    expect(answer.body.toString()).toContain('Device too slow');
  });
});
