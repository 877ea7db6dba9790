import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startConnector, type Connector } from './connector.ts';
import {
  goodToken,
  local,
  otherToken,
  tokenUsers,
  startFakePortal,
  upgradeStatus,
  watchStatus,
  type FakePortal,
} from './fake-portal.test-support.ts';
import { defaultSettings } from './settings.ts';
import { statusCodes } from './status.ts';
import { connectorVersion } from './version.ts';

const controller = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const otherController = '0b3c1f52-9d1e-4c55-8a77-2f1e0c9d4b11';
const agentId = 'agent0000001';
const companyId = 'company00001';
const foreign = 'https://evil.example';

let portal: FakePortal;
let connector: Connector;
let dir: string;
beforeAll(async () => {
  portal = await startFakePortal();
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-connector-'));
});
afterAll(async () => {
  await portal.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  portal.agent = async (id) => ({
    status: 200,
    data: { publicId: id, name: 'Gw', activeVpnSession: null, servers: [] },
  });
  connector = await startConnector({
    settings: { ...defaultSettings, portals: [portal.url] },
    settingsFile: path.join(dir, 'settings.json'),
    port: 0,
  });
});
afterEach(async () => {
  await connector.close();
});

const asPortal = () => ({ origin: portal.url, token: goodToken });
const userId = tokenUsers[goodToken]!.publicId;
const connectBody = { agentId, companyId, userId };

describe('connector local API: who may use it', () => {
  it('refuses a foreign origin with 403 on every route, the WebSocket and the preflight', async () => {
    const base = connector.url;
    const as = { origin: foreign, token: goodToken, controller };
    expect((await local(base, 'GET', '/status', as)).status).toBe(403);
    expect((await local(base, 'POST', '/connect', { ...as, body: connectBody })).status).toBe(403);
    expect((await local(base, 'POST', '/disconnect', as)).status).toBe(403);
    expect((await local(base, 'POST', '/settings', { ...as, body: { forceProtocol: 'tcp4' } })).status).toBe(
      403,
    );
    const preflight = await local(base, 'OPTIONS', '/connect', {
      origin: foreign,
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-private-network')).toBeNull();
    expect(
      await upgradeStatus(`ws://127.0.0.1:${connector.port}/?token=${goodToken}`, { Origin: foreign }),
    ).toBe(403);
    // A page whose name was rebound to 127.0.0.1 carries its own Host.
    const rebound = await new Promise<number>((resolve, reject) => {
      const headers = {
        Host: `evil.example:${connector.port}`,
        Origin: portal.url,
        'Api-Access-Token': goodToken,
      };
      http
        .get({ host: '127.0.0.1', port: connector.port, path: '/status', headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(rebound).toBe(403);
    expect(portal.calls.filter((c) => c !== 'GET /api')).toEqual([]);
  });

  it('answers the Private Network Access preflight for the portal origin', async () => {
    const preflight = await local(connector.url, 'OPTIONS', '/connect', {
      origin: portal.url,
      headers: {
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'api-access-token,vpn-client-controller-identifier,content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(portal.url);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'VPN-Client-Controller-Identifier',
    );
    const status = await local(connector.url, 'GET', '/status', asPortal());
    expect(status.headers.get('access-control-allow-origin')).toBe(portal.url);
  });

  it('refuses a request without a token or with one the portal rejects with 401', async () => {
    const base = connector.url;
    expect((await local(base, 'GET', '/status', { origin: portal.url })).status).toBe(401);
    const missing = await local(base, 'POST', '/connect', {
      origin: portal.url,
      controller,
      body: connectBody,
    });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'Authentication required', propertyName: 'Api-Access-Token' }],
    });
    expect((await local(base, 'GET', '/status', { origin: portal.url, token: 'wrong' })).status).toBe(401);
    expect((await local(base, 'POST', '/disconnect', { origin: portal.url, controller })).status).toBe(401);
    expect(await upgradeStatus(`ws://127.0.0.1:${connector.port}/`, { Origin: portal.url })).toBe(401);
    expect(await upgradeStatus(`ws://127.0.0.1:${connector.port}/?token=wrong`, { Origin: portal.url })).toBe(
      401,
    );
    const refused = await local(base, 'POST', '/connect', {
      origin: portal.url,
      token: 'wrong',
      controller,
      body: connectBody,
    });
    expect(refused.status).toBe(401);
    // The refusal is the caller's answer, not news for whoever else uses this computer.
    expect(connector.status.current).toMatchObject({ status: 'idle', code: 0, owner: null });
  });

  it('answers GET /status with the status and version', async () => {
    const response = await local(connector.url, 'GET', '/status', asPortal());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'idle',
      activeRequest: null,
      code: 0,
      message: 'Idle',
      services: [],
      socksPort: null,
      version: connectorVersion,
      owner: null,
      accessEnded: null,
      inUseBy: null,
    });
  });

  it('validates the connect request: 400 naming the header or property', async () => {
    const base = connector.url;
    const cases: [Record<string, string | undefined>, unknown, string][] = [
      [{ controller: undefined }, connectBody, 'VPN-Client-Controller-Identifier'],
      [{ controller: 'not-a-uuid' }, connectBody, 'VPN-Client-Controller-Identifier'],
      [{}, { companyId, userId }, 'agentId'],
      [{}, { agentId: 'UPPER', companyId, userId }, 'agentId'],
      [{}, { agentId, userId }, 'companyId'],
      [{}, { agentId, companyId }, 'userId'],
      [{}, { ...connectBody, userId: 'Not An Id' }, 'userId'],
      [{}, { ...connectBody, forceProtocol: 'udp' }, 'forceProtocol'],
      [{}, { ...connectBody, extra: 1 }, 'extra'],
      [{}, [1], 'body'],
    ];
    for (const [headers, body, propertyName] of cases) {
      const response = await local(base, 'POST', '/connect', {
        ...asPortal(),
        controller,
        ...headers,
        body,
      });
      expect(response.status, propertyName).toBe(400);
      expect((response.body as { data: { propertyName: string }[] }).data[0]!.propertyName).toBe(
        propertyName,
      );
    }
    const disconnect = await local(base, 'POST', '/disconnect', asPortal());
    expect(disconnect.status).toBe(400);
    expect((await local(base, 'GET', '/connect', asPortal())).status).toBe(405);
    expect((await local(base, 'GET', '/nothing', asPortal())).status).toBe(404);
  });
});

describe('connector local API: status and connect steps', () => {
  it('pushes every change on the WebSocket: connecting, then idle with the device-offline code', async () => {
    const watch = await watchStatus(connector.url, portal.url, goodToken);
    await watch.until((s) => s.status === 'idle' && s.code === 0);
    const response = await local(connector.url, 'POST', '/connect', {
      ...asPortal(),
      controller,
      body: connectBody,
    });
    expect(response.status).toBe(202);
    const connecting = await watch.until((s) => s.status === 'connecting');
    expect(connecting).toMatchObject({
      activeRequest: { agentId, companyId },
      code: statusCodes.checkingAgent,
    });
    const offline = await watch.until((s) => s.code === statusCodes.deviceOffline);
    expect(offline).toMatchObject({
      status: 'idle',
      activeRequest: null,
      message: 'Connection failed, device offline',
    });
    watch.close();
  });

  it('maps ticket refusals to status codes', async () => {
    portal.agent = async (id) => ({
      status: 200,
      data: { publicId: id, name: 'Gw', activeVpnSession: { vpnAddress: '10.187.0.2' }, servers: [] },
    });
    const cases = [
      [403, 'ACCESS_REQUEST_REQUIRED', statusCodes.accessRequestRequired],
      [403, 'CONNECT_NOT_ALLOWED', statusCodes.notAllowed],
      [409, 'AGENT_OFFLINE', statusCodes.deviceOffline],
      [404, 'Not found', statusCodes.deviceNotFound],
    ] as const;
    for (const [status, message, code] of cases) {
      portal.ticket = async () => ({ status, data: [{ message }] });
      const watch = await watchStatus(connector.url, portal.url, goodToken);
      await local(connector.url, 'POST', '/connect', { ...asPortal(), controller, body: connectBody });
      await watch.until((s) => s.status === 'connecting' && s.code === statusCodes.requestingTicket);
      expect(await watch.until((s) => s.status === 'idle' && s.code >= 10)).toMatchObject({ code });
      watch.close();
    }
  });

  it("refuses a connect whose userId is not the token's user", async () => {
    const response = await local(connector.url, 'POST', '/connect', {
      ...asPortal(),
      controller,
      body: { ...connectBody, userId: tokenUsers[otherToken]!.publicId },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      data: [{ message: 'User does not match the access token', propertyName: 'userId' }],
    });
    expect(connector.status.current.status).toBe('idle');
  });

  it('gives the session to the user who opened it: another user sees only "in use by", cannot end or replace it', async () => {
    let release!: () => void;
    portal.agent = (id) =>
      new Promise(
        (resolve) =>
          (release = () =>
            resolve({
              status: 200,
              data: { publicId: id, name: 'Gw', activeVpnSession: null, servers: [] },
            })),
      );
    const base = connector.url;
    const asOther = { origin: portal.url, token: otherToken };
    const otherWatch = await watchStatus(base, portal.url, otherToken);
    const ownWatch = await watchStatus(base, portal.url, goodToken);
    expect(
      (await local(base, 'POST', '/connect', { ...asPortal(), controller, body: connectBody })).status,
    ).toBe(202);
    const own = await ownWatch.until((s) => s.status === 'connecting');
    expect(own).toMatchObject({ activeRequest: { agentId, companyId }, owner: tokenUsers[goodToken] });

    // The other user's view: idle for them, busy by name, nothing of the owner's device.
    const seenByOther = await otherWatch.until((s) => s.inUseBy !== null);
    const otherView = {
      status: 'idle',
      activeRequest: null,
      code: 0,
      message: 'In use by Engineer',
      services: [],
      socksPort: null,
      version: connectorVersion,
      owner: null,
      accessEnded: null,
      inUseBy: { name: 'Engineer' },
    };
    expect(seenByOther).toEqual(otherView);
    expect((await local(base, 'GET', '/status', asOther)).body).toEqual(otherView);

    const busy = await local(base, 'POST', '/connect', {
      ...asOther,
      controller: otherController,
      body: { ...connectBody, userId: tokenUsers[otherToken]!.publicId },
    });
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ data: [{ message: 'VPN_CLIENT_IN_USE' }] });
    const other = await local(base, 'POST', '/disconnect', { ...asOther, controller: otherController });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ data: [{ message: 'VPN_CLIENT_IN_USE' }] });
    expect(connector.status.current.status).toBe('connecting');
    // The computer's own settings page says whose session it is.
    expect((await local(base, 'GET', '/')).body).toContain('Session of Engineer');

    // The owner may end it from another browser of theirs (another controller id).
    const ended = await local(base, 'POST', '/disconnect', { ...asPortal(), controller: otherController });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({
      status: 'idle',
      code: 0,
      message: 'Disconnected',
      activeRequest: null,
    });
    release();
    // Free again: the other user's view says so, and disconnecting when idle is fine for anyone.
    expect(await otherWatch.until((s) => s.inUseBy === null)).toMatchObject({ status: 'idle', code: 0 });
    expect(
      (await local(base, 'POST', '/disconnect', { ...asOther, controller: otherController })).status,
    ).toBe(200);
    otherWatch.close();
    ownWatch.close();
  });

  it('tells only the owner why their access ended; another user never hears of it', async () => {
    const base = connector.url;
    const otherWatch = await watchStatus(base, portal.url, otherToken);
    // The relay refuses the ticket with an ended-access reason at once (a closed, unreachable relay).
    portal.agent = async (id) => ({
      status: 200,
      data: { publicId: id, name: 'Gw', activeVpnSession: { vpnAddress: '10.187.0.2' }, servers: [] },
    });
    portal.ticket = async () => ({ status: 403, data: [{ message: 'ACCESS_REQUEST_REQUIRED' }] });
    const ownWatch = await watchStatus(base, portal.url, goodToken);
    await local(base, 'POST', '/connect', { ...asPortal(), controller, body: connectBody });
    expect(await ownWatch.until((s) => s.status === 'idle' && s.code >= 10)).toMatchObject({
      code: statusCodes.accessRequestRequired,
      owner: tokenUsers[goodToken],
    });
    const other = await local(base, 'GET', '/status', { origin: portal.url, token: otherToken });
    expect(other.body).toMatchObject({ status: 'idle', code: 0, accessEnded: null, inUseBy: null });
    expect(otherWatch.seen.every((s) => s.code === 0 && s.activeRequest === null)).toBe(true);
    otherWatch.close();
    ownWatch.close();
  });
});

describe('connector probe page', () => {
  it('tells its version to a configured portal origin only, in a page only that origin may frame', async () => {
    const page = await local(connector.url, 'GET', `/probe?origin=${encodeURIComponent(portal.url)}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${portal.url}`);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).toContain(`data-version="${connectorVersion}"`);
    expect(page.body).toContain(`data-origin="${portal.url}"`);
    const foreignProbe = await local(connector.url, 'GET', `/probe?origin=${encodeURIComponent(foreign)}`);
    expect(foreignProbe.status).toBe(400);
    expect((await local(connector.url, 'GET', '/probe')).status).toBe(400);
  });
});

describe('connector settings page', () => {
  it('shows the settings, version and log, and saves JSON or the form from itself only', async () => {
    const page = await local(connector.url, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.body).toContain(`version ${connectorVersion}`);
    expect(page.body).toContain(portal.url);
    expect(page.body).toContain('listening on');

    const self = `http://127.0.0.1:${connector.port}`;
    const fromPortal = await local(connector.url, 'POST', '/settings', {
      ...asPortal(),
      body: { forceProtocol: 'tcp4' },
    });
    expect(fromPortal.status).toBe(403);
    const bad = await local(connector.url, 'POST', '/settings', {
      origin: self,
      body: { forceProtocol: 'udp', portals: ['ftp://x'] },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { data: unknown }).data).toEqual([
      { message: 'Invalid value', propertyName: 'portals.0' },
      { message: 'Invalid value', propertyName: 'forceProtocol' },
    ]);
    const saved = await local(connector.url, 'POST', '/settings', {
      origin: self,
      body: { forceProtocol: 'tcp4', basePort: 30000 },
    });
    expect(saved.status).toBe(200);
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as unknown;
    expect(file).toEqual({ portals: [portal.url], origins: [], forceProtocol: 'tcp4', basePort: 30000 });

    const form = await fetch(`${connector.url}/settings`, {
      method: 'POST',
      headers: { Origin: self, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        portals: `${portal.url}\nhttp://localhost:5173`,
        origins: '',
        forceProtocol: 'tcp6',
        basePort: '',
      }),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(connector.settings()).toEqual({
      portals: [portal.url, 'http://localhost:5173'],
      origins: [],
      forceProtocol: 'tcp6',
      basePort: null,
    });
    const invalidForm = await fetch(`${connector.url}/settings`, {
      method: 'POST',
      headers: { Origin: self, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ portals: '', forceProtocol: 'tcp', basePort: '<b>' }),
    });
    expect(invalidForm.status).toBe(400);
    const html = await invalidForm.text();
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('lists the local ports and lets the user change them, refusing bad ones with a clear message', async () => {
    const self = `http://127.0.0.1:${connector.port}`;
    const hmi = { agentId, agentName: 'Line 1 gateway', serviceId: 'server000001', serviceName: 'hmi' };
    const echo = { ...hmi, serviceId: 'server000002', serviceName: 'echo' };
    await connector.ports.replace({
      socksPort: 9251,
      services: [
        { ...hmi, port: 9252 },
        { ...echo, port: 9253 },
      ],
    });
    const page = (await local(connector.url, 'GET', '/')).body as string;
    expect(page).toContain('<h2>Local ports</h2>');
    expect(page).toMatch(/id="socksPort" name="socksPort" inputmode="numeric" value="9251"/);
    expect(page).toContain(
      `name="port:${agentId}:server000001" aria-label="Port of hmi on Line 1 gateway" inputmode="numeric" value="9252"`,
    );

    const post = (fields: Record<string, string>) =>
      fetch(`${connector.url}/settings`, {
        method: 'POST',
        headers: { Origin: self, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ portals: portal.url, forceProtocol: 'tcp', basePort: '9251', ...fields }),
        redirect: 'manual',
      });
    const refused = await post({
      socksPort: '9250',
      [`port:${agentId}:server000001`]: '70000',
      [`port:${agentId}:server000002`]: '',
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<div class="error" id="socksPort-error">Reserved for the connector itself</div>');
    expect(html).toContain('Must be a whole number from 1024 to 65535');
    expect(html).toContain('value="70000" aria-invalid="true"');
    const twice = await post({ socksPort: '20000', [`port:${agentId}:server000002`]: '20000' });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain('Used twice: 20000 is also the SOCKS5 proxy');
    // Nothing was changed by the refused forms.
    expect(connector.ports.current.socksPort).toBe(9251);

    // Saved: hmi moves, echo is forgotten (a new port at its next connect), SOCKS5 stays.
    const saved = await post({
      socksPort: '9251',
      [`port:${agentId}:server000001`]: '20080',
      [`port:${agentId}:server000002`]: '',
    });
    expect(saved.status).toBe(303);
    const expected = { socksPort: 9251, services: [{ ...hmi, port: 20080 }] };
    expect(connector.ports.current).toEqual(expected);
    await connector.ports.flushed();
    expect(JSON.parse(await readFile(path.join(dir, 'ports.json'), 'utf8'))).toEqual(expected);
    expect(connector.log.tail().at(-1)).toMatch(
      /local ports saved: SOCKS5 9251, hmi of Line 1 gateway 20080$/,
    );
  });
});
