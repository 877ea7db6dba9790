import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

/** A client that sends the headers of a POST announcing a body, then one byte of it, and stops. */
function slowBody(baseUrl: string, localAddress = '127.0.0.1') {
  const { hostname, port, host } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  // Not events.once: it rejects on the 'error' (ECONNRESET) that precedes a server-side close.
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('connect', () =>
    socket.write(
      `POST /api/RegistrationList HTTP/1.1\r\nHost: ${host}\r\nApi-Version: 2\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    ),
  );
  return { socket, closed };
}

/** GET /api from a given local address (another client of the same machine: 127.0.0.2). */
function discoveryFrom(baseUrl: string, localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(`${baseUrl}/api`, { localAddress, agent: false, headers: { 'Api-Version': '2' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

/** GET /api with a given Cookie header, over a fresh connection. */
function discoveryWith(baseUrl: string, cookie: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(
        `${baseUrl}/api`,
        { agent: false, headers: { 'Api-Version': '2', Cookie: cookie } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });
}

/** Raw bytes to the server; everything it answers until it closes. */
async function rawRequest(baseUrl: string, text: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  socket.write(text);
  await once(socket, 'close');
  return received;
}

/** Retries what the server may refuse until it has noticed a closed socket. */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('connections per client address', () => {
  const cap = 5;
  const t = useTestServer({ connectionLimits: { maxConnectionsPerAddress: cap } });
  const clients: ReturnType<typeof slowBody>[] = [];
  afterAll(() => {
    for (const client of clients) client.socket.destroy();
  });

  it('closes the connections of one address beyond the cap; other addresses are served', async () => {
    let closedCount = 0;
    const extrasClosed = new Promise<void>((resolve) => {
      for (let i = 0; i < cap * 4; i++) {
        const client = slowBody(t.server.baseUrl);
        clients.push(client);
        void client.closed.then(() => {
          if (++closedCount === cap * 3) resolve();
        });
      }
    });
    await extrasClosed;
    // The slow clients hold their address's share; a normal client elsewhere is answered …
    expect(await discoveryFrom(t.server.baseUrl, '127.0.0.2')).toBe(200);
    // … while that address gets no further connection until one of its own closes.
    expect(await discoveryFrom(t.server.baseUrl, '127.0.0.1')).toBe(503);
    expect(closedCount).toBe(cap * 3);
    const open = clients.filter((client) => !client.socket.destroyed);
    expect(open).toHaveLength(cap);
    // Once one of them leaves (and the server has seen it go), the address gets a place again.
    open[0]!.socket.destroy();
    await open[0]!.closed;
    const served = async () => {
      const status = await discoveryFrom(t.server.baseUrl, '127.0.0.1');
      if (status !== 200) throw new Error(`still refused: ${status}`);
      return status;
    };
    expect(await eventually(served)).toBe(200);
  });

  it('answers a connection beyond the cap with a fixed 503 and Retry-After before reading anything', async () => {
    const holders = Array.from({ length: cap }, () => slowBody(t.server.baseUrl, '127.0.0.3'));
    clients.push(...holders);
    await Promise.all(holders.map((holder) => once(holder.socket, 'connect')));
    const { hostname, port } = new URL(t.server.baseUrl);
    // Sends nothing: the answer cannot depend on a request.
    const extra = net.connect({ host: hostname, port: Number(port), localAddress: '127.0.0.3' });
    let received = '';
    extra.setEncoding('utf8');
    extra.on('data', (chunk: string) => (received += chunk));
    extra.on('error', () => {});
    await once(extra, 'close');
    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(head).toMatch(/\r\nRetry-After: 5\r\n/);
    expect(head).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(body)).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'Too many connections from this address' }],
    });
    // The held connections were not touched.
    expect(holders.every((holder) => !holder.socket.destroyed)).toBe(true);
  });
});

describe('slow requests and idle connections', () => {
  const t = useTestServer({
    connectionLimits: { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300 },
  });

  it('answers a body that does not arrive in time with 408 in the error shape and closes', async () => {
    const client = slowBody(t.server.baseUrl);
    // One more byte now and then: the connection is never idle, yet the request never completes.
    const drip = setInterval(() => client.socket.write(' '), 100);
    const received = await client.closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'Request timeout' }],
    });
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const { hostname, port } = new URL(t.server.baseUrl);
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /api HTTP/1.1\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
    await closed;
    clearInterval(drip);
  });

  it('closes an idle keep-alive connection after a response', async () => {
    const { hostname, port, host } = new URL(t.server.baseUrl);
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`GET /api HTTP/1.1\r\nHost: ${host}\r\nApi-Version: 2\r\nConnection: keep-alive\r\n\r\n`);
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/keep-alive/i);
  });
});

describe('body limits', () => {
  const t = useTestServer();

  it('refuses a body over 64 KiB on an item route and takes up to 1 MiB on a list route', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const big = { name: 'x'.repeat(100 * 1024) };
    const item = await t.call('PATCH', `Role/${company.adminRolePublicId}`, { ...as, body: big });
    expect(item.status).toBe(413);
    expect(item.body).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: expect.stringMatching(/body is too large/i) }],
    });
    // The same size on a list route reaches validation (400 for the name, not 413 for the size).
    const list = await t.call('POST', 'RoleList', { ...as, body: { ...big, capabilities: [] } });
    expect(list.status).toBe(400);
    const tooBig = await t.call('POST', 'RoleList', { ...as, body: { name: 'x'.repeat(1100 * 1024) } });
    expect(tooBig.status).toBe(413);
  });
});

describe('oversized cookie headers', () => {
  const t = useTestServer();

  it('serves the portal with 30 foreign cookies of 3.9 KB (117 KB of Cookie header), not 431', async () => {
    const cookie = Array.from({ length: 30 }, (_, i) => `planted${i}=${'x'.repeat(3900)}`).join('; ');
    // Listeners run after the server's own handler: what any later code would find.
    const seen: (string | undefined)[] = [];
    const look = (request: http.IncomingMessage) => seen.push(request.headers.cookie);
    t.server.built.app.server.on('request', look);
    onTestFinished(() => void t.server.built.app.server.off('request', look));
    const answer = await t.call('GET', 'MyUser', { headers: { Cookie: cookie } });
    // Unauthenticated: the API answers, in its own error shape, without looking at cookies.
    expect(answer.status).toBe(401);
    expect(answer.body.type).toBe('Error');
    const discovery = await discoveryWith(t.server.baseUrl, cookie);
    expect(discovery).toBe(200);
    expect(seen).toEqual([undefined, undefined]);
  });

  it('still refuses headers beyond the bound with 431 in the error shape', async () => {
    // Just past the bound and no further, so the server has read all of it when it answers
    // (closing on unread bytes would reset the connection and lose the answer).
    const answer = await rawRequest(
      t.server.baseUrl,
      `GET /api HTTP/1.1\r\nHost: ${new URL(t.server.baseUrl).host}\r\nApi-Version: 2\r\n` +
        `Cookie: a=${'x'.repeat(130 * 1024)}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain('"Request headers too large"');
  });
});
