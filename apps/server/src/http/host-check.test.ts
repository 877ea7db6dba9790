import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEnrolmentToken } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { rawRequest, upgradeHeaders } from '../../test/raw-http.ts';
import { agentFixtures } from '../modules/agents/agent.test-support.ts';
import { isServedHost } from './host-check.ts';

const misdirected = {
  type: 'Error',
  status: 'error',
  data: [{ message: 'This server does not serve this host', propertyName: 'Host' }],
};

describe('isServedHost', () => {
  const publicRules = { publicUrl: 'https://fleet.example.com', allowedHosts: [], listenPort: 8080 };
  it.each([
    ['fleet.example.com', true],
    ['fleet.example.com:443', true],
    ['FLEET.Example.com.', true],
    ['fleet.example.com:8080', false],
    ['evil.example', false],
    ['fleet.example.com.evil.example', false],
    ['localhost:8080', false],
    ['127.0.0.1:8080', false],
    ['', false],
    [undefined, false],
    ['fleet.example.com:99999', false],
    ['fleet.example.com:443:443', false],
    ['user@fleet.example.com', false],
  ])('PUBLIC_URL https://fleet.example.com, Host %j: %s', (host, served) => {
    expect(isServedHost(host, publicRules)).toBe(served);
  });

  const loopbackRules = { publicUrl: 'http://localhost:8080', allowedHosts: [], listenPort: 41234 };
  it.each([
    ['localhost:8080', true],
    ['localhost:41234', true],
    ['127.0.0.1:41234', true],
    ['[::1]:41234', true],
    ['127.0.0.1:8081', false],
    ['localhost', false],
    ['192.168.1.5:41234', false],
    ['evil.example:41234', false],
  ])('loopback PUBLIC_URL, listening on 41234, Host %j: %s', (host, served) => {
    expect(isServedHost(host, loopbackRules)).toBe(served);
  });

  const allowedRules = {
    publicUrl: 'https://fleet.example.com',
    allowedHosts: ['fleet.internal', 'backup.example.com:8443', '*.web.example.com'],
    listenPort: 8080,
  };
  it.each([
    ['fleet.internal', true],
    ['fleet.internal:8080', true],
    ['backup.example.com:8443', true],
    ['backup.example.com', false],
    ['a1b2.web.example.com', true],
    ['web.example.com', false],
    ['a1b2.web.example.com.evil.example', false],
  ])('ALLOWED_HOSTS, Host %j: %s', (host, served) => {
    expect(isServedHost(host, allowedRules)).toBe(served);
  });
});

// A web app build of one file, to show the static routes are checked as well.
const webDist = mkdtempSync(path.join(tmpdir(), 'fleetgate-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fleetgate</title>');

describe('a server whose PUBLIC_URL is https://fleet.example.com', () => {
  // The factories reach the server at 127.0.0.1:<port>, allowed for them only.
  const t = useTestServer({
    config: { publicUrl: 'https://fleet.example.com', allowedHosts: ['127.0.0.1'], webDist },
  });
  const f = agentFixtures(t);

  async function mailsTo(address: string): Promise<string[]> {
    const names = await readdir(t.server.outboxDir).catch(() => [] as string[]);
    const texts = await Promise.all(
      names.filter((n) => n.endsWith('.eml')).map((n) => readFile(path.join(t.server.outboxDir, n), 'utf8')),
    );
    return texts.filter((text) => text.toLowerCase().includes(`to: ${address.toLowerCase()}`));
  }

  async function invite(host: string, emailAddress: string) {
    const company = await t.newCompany();
    return rawRequest(t.server.baseUrl, {
      method: 'POST',
      path: '/api/UserInviteList',
      host,
      headers: { Authorization: `Bearer ${company.admin.token}`, 'Api-Company': company.publicId },
      body: { emailAddress, role: { publicId: company.adminRolePublicId } },
    });
  }

  it('refuses an invitation sent with a foreign Host (421) and mails nobody', async () => {
    const address = `invitee-${t.unique()}@example.com`;
    const response = await invite('evil.example', address);
    expect(response.status).toBe(421);
    expect(JSON.parse(response.text)).toEqual(misdirected);
    expect(await mailsTo(address)).toEqual([]);
  });

  it('mails links to PUBLIC_URL, whichever served Host the invitation came through', async () => {
    for (const host of ['fleet.example.com', `127.0.0.1:${new URL(t.server.baseUrl).port}`]) {
      const address = `invitee-${t.unique()}@example.com`;
      expect((await invite(host, address)).status).toBe(201);
      const [mail] = await mailsTo(address);
      expect(mail).toContain('https://fleet.example.com/my-companies');
      expect(mail).not.toContain('127.0.0.1');
    }
  });

  it('builds discovery hrefs, enrolment commands and relay URLs from PUBLIC_URL', async () => {
    const discovery = await t.call('GET', '/api');
    const hrefs = (discovery.body.data as { href: string }[]).map((entry) => entry.href);
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/fleet\.example\.com\/api\//);

    const { as } = await f.setup();
    const agent = await f.createAgent(as, { name: 'Gateway' });
    const issued = await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as);
    const { token, command } = issued.body.data as AgentEnrolmentToken;
    expect(command).toBe(`fleetgate-agent enroll --server https://fleet.example.com --token=${token}`);
    const enrolled = await t.call('POST', 'AgentEnrolment', { body: { token } });
    expect(enrolled.body.data).toMatchObject({ relayUrl: 'wss://fleet.example.com/relay/agent' });
  });

  it('answers 421 on every kind of route: API, web app, unknown paths and relay upgrades', async () => {
    for (const request of [
      { path: '/api' },
      { path: '/api/MyUser' },
      { path: '/api/NoSuchThing' },
      { path: '/' },
      { path: '/devices' },
      { path: '/missing.js' },
      { path: '/relay/agent', headers: upgradeHeaders },
      { path: '/relay/client?ticket=x', headers: upgradeHeaders },
    ]) {
      const response = await rawRequest(t.server.baseUrl, { ...request, host: 'evil.example' });
      expect([request.path, response.status]).toEqual([request.path, 421]);
      if (!request.headers) expect(JSON.parse(response.text)).toEqual(misdirected);
    }
    // The same requests with the public host reach their routes.
    const page = await rawRequest(t.server.baseUrl, { path: '/devices', host: 'fleet.example.com' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Fleetgate</title>');
    const relay = await rawRequest(t.server.baseUrl, {
      path: '/relay/agent',
      host: 'fleet.example.com',
      headers: upgradeHeaders,
    });
    expect(relay.status).toBe(401);
  });

  it('does not serve the loopback names when PUBLIC_URL is not a loopback address', async () => {
    const port = new URL(t.server.baseUrl).port;
    const response = await rawRequest(t.server.baseUrl, { path: '/api', host: `localhost:${port}` });
    expect(response.status).toBe(421);
  });
});

describe('a server on a loopback PUBLIC_URL', () => {
  const t = useTestServer();

  it('serves the loopback names on its listen port only, with links to PUBLIC_URL', async () => {
    const port = new URL(t.server.baseUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const response = await rawRequest(t.server.baseUrl, { path: '/api', host });
      expect([host, response.status]).toEqual([host, 200]);
      const hrefs = (JSON.parse(response.text) as { data: { href: string }[] }).data.map((e) => e.href);
      for (const href of hrefs) expect(href.startsWith(`${t.server.baseUrl}/api/`)).toBe(true);
    }
    const otherPort = Number(port) === 65535 ? 65534 : Number(port) + 1;
    for (const host of [`localhost:${otherPort}`, 'localhost', 'evil.example']) {
      const response = await rawRequest(t.server.baseUrl, { path: '/api', host });
      expect([host, response.status]).toEqual([host, 421]);
    }
  });
});
