import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { MqttBroker } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

// A key of this file's own, so the suite never writes a key file into the working directory.
process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

// The broker of the test machine listens on loopback, which only OUTBOUND_ALLOW_PRIVATE reaches.
const t = useTestServer({ config: { outboundAllowPrivate: true } });

/** The Mosquitto broker of the test machine (anonymous access). */
const liveBroker = 'mqtt://127.0.0.1:1883';
const closedPort = 'mqtt://127.0.0.1:1';
const secret = 'S3cret-broker-password';

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

type As = { token: string; company: string };

async function createBroker(as: As, body: Record<string, unknown>) {
  const response = await t.call('POST', 'MqttBrokerList', { ...as, body });
  expect(response.status).toBe(201);
  return response.body.data as MqttBroker;
}

async function storedPassword(publicId: string) {
  const row = await t.server.db
    .selectFrom('mqtt_brokers')
    .select('password_sealed')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.password_sealed;
}

describe('MqttBrokerList and MqttBroker', () => {
  it('needs a token (401) and the MQTT right to read and write (403)', async () => {
    const { company, as } = await setup();
    const broker = await createBroker(as, { name: 'Plant', url: liveBroker });
    const member = await t.newMember(company, ['customFields.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const anonymous = { company: company.publicId };

    const calls: [string, string, unknown?][] = [
      ['GET', 'MqttBrokerList'],
      ['GET', `MqttBroker/${broker.publicId}`],
      ['POST', 'MqttBrokerList', { name: 'X', url: liveBroker }],
      ['PATCH', `MqttBroker/${broker.publicId}`, { name: 'X' }],
      ['PATCH', 'MqttBrokerList', [{ publicId: broker.publicId, name: 'X' }]],
      ['DELETE', `MqttBroker/${broker.publicId}`],
      ['DELETE', 'MqttBrokerList', [{ publicId: broker.publicId }]],
      ['POST', `MqttBrokerConnectionTest/${broker.publicId}`],
      ['POST', 'MqttBrokerConnectionTestList', { url: liveBroker }],
    ];
    for (const [method, rel, body] of calls) {
      expect((await t.call(method, rel, { ...anonymous, body })).status, `${method} ${rel}`).toBe(401);
      const refused = await t.call(method, rel, { ...memberAs, body });
      expect(refused.status, `${method} ${rel}`).toBe(403);
      expect(refused.body.data).toEqual([{ message: 'Missing capability' }]);
    }

    const manager = await t.newMember(company, ['mqttBrokers.manage']);
    const list = await t.call('GET', 'MqttBrokerList', { token: manager.token, company: company.publicId });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([broker]);
  });

  it("treats another company's brokers as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const broker = await createBroker(theirs.as, {
      name: 'Theirs',
      url: liveBroker,
      username: 'them',
      password: secret,
    });
    const id = broker.publicId;
    expect((await t.call('GET', `MqttBroker/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('PATCH', `MqttBroker/${id}`, { ...mine.as, body: { name: 'Mine' } })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `MqttBroker/${id}`, mine.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', 'MqttBrokerList', { ...mine.as, body: [{ publicId: id, name: 'Mine' }] }))
        .status,
    ).toBe(404);
    expect((await t.call('DELETE', 'MqttBrokerList', { ...mine.as, body: [{ publicId: id }] })).status).toBe(
      404,
    );
    expect((await t.call('POST', `MqttBrokerConnectionTest/${id}`, mine.as)).status).toBe(404);
    // Borrowing their stored password for a test of one's own settings is refused too.
    const borrow = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...mine.as,
      body: { url: liveBroker, publicId: id },
    });
    expect(borrow.status).toBe(404);
    expect((await t.call('GET', 'MqttBrokerList', mine.as)).body.data).toEqual([]);
  });

  it('creates a broker: the password is stored sealed and never returned', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: {
        name: 'Plant floor',
        url: liveBroker,
        clientId: 'fleetgate-1',
        username: 'plant',
        password: secret,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      type: 'MqttBrokerList',
      status: 'success',
      data: {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        name: 'Plant floor',
        url: liveBroker,
        clientId: 'fleetgate-1',
        username: 'plant',
        hasPassword: true,
      },
    });
    const broker = response.body.data as MqttBroker;
    const sealed = await storedPassword(broker.publicId);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64'));

    const reads = [
      await t.call('GET', 'MqttBrokerList', { ...as, query: { fields: '*' } }),
      await t.call('GET', `MqttBroker/${broker.publicId}`, as),
    ];
    for (const read of reads) expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(reads[1]!.body.data).toEqual(broker);
    const asked = await t.call('GET', 'MqttBrokerList', { ...as, query: { fields: 'password' } });
    expect(asked.status).toBe(400);
    expect(asked.body.data).toEqual([
      { message: 'Invalid fields: unknown field "password"', propertyName: 'fields' },
    ]);
  });

  it('keeps, replaces and clears the password, and never audits it', async () => {
    const { as } = await setup();
    const broker = await createBroker(as, {
      name: 'Edge',
      url: liveBroker,
      username: 'edge',
      password: secret,
    });
    const path = `MqttBroker/${broker.publicId}`;
    const first = await storedPassword(broker.publicId);

    const renamed = await t.call('PATCH', path, { ...as, body: { name: 'Edge 2', username: 'edge2' } });
    expect(renamed.body.data).toEqual({ ...broker, name: 'Edge 2', username: 'edge2', hasPassword: true });
    expect(await storedPassword(broker.publicId)).toBe(first);

    const replaced = await t.call('PATCH', path, { ...as, body: { password: `${secret}-2` } });
    expect(replaced.status).toBe(200);
    expect(JSON.stringify(replaced.body)).not.toContain(secret);
    expect(await storedPassword(broker.publicId)).not.toBe(first);

    const orphan = await t.call('PATCH', path, { ...as, body: { username: null } });
    expect(orphan.status).toBe(400);
    expect(orphan.body.data).toEqual([{ message: 'A password needs a user name', propertyName: 'username' }]);
    const cleared = await t.call('PATCH', path, { ...as, body: { password: null, username: '' } });
    expect(cleared.body.data).toMatchObject({ hasPassword: false, username: null });
    expect(await storedPassword(broker.publicId)).toBeNull();

    const bulk = await t.call('PATCH', 'MqttBrokerList', {
      ...as,
      body: [{ publicId: broker.publicId, username: 'edge', password: secret }],
    });
    expect(bulk.status).toBe(200);
    expect(JSON.stringify(bulk.body)).not.toContain(secret);
    expect((bulk.body.data as MqttBroker[])[0]!.hasPassword).toBe(true);
    const many = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: [
        { name: 'Many 1', url: liveBroker, username: 'many', password: secret },
        { name: 'Many 2', url: liveBroker },
      ],
    });
    expect(many.status).toBe(201);
    expect(JSON.stringify(many.body)).not.toContain(secret);
    expect((many.body.data as MqttBroker[]).map((b) => b.hasPassword)).toEqual([true, false]);

    await t.call('DELETE', path, as);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.rel,"MqttBroker")`, 'page-size': '100' },
    });
    const entries = (audit.body.data as { action: string; resource: { publicId: string } }[]).reverse();
    expect(entries.filter((e) => e.resource.publicId === broker.publicId).map((e) => e.action)).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'DELETE',
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(secret);
    expect(JSON.stringify(audit.body)).not.toContain('v1:');
    expect(JSON.stringify(audit.body)).toContain('"hasPassword":true');
  });

  it.each([
    [{ url: liveBroker }, 'name', 'Required property'],
    [{ name: '  ', url: liveBroker }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256), url: liveBroker }, 'name', 'Too long: at most 255 characters'],
    [{ name: 'B' }, 'url', 'Required property'],
    [{ name: 'B', url: 'http://127.0.0.1:1883' }, 'url', 'Use an mqtt://, mqtts://, ws:// or wss:// address'],
    [{ name: 'B', url: 'tcp://broker' }, 'url', 'Use an mqtt://, mqtts://, ws:// or wss:// address'],
    [{ name: 'B', url: 'broker.example.com' }, 'url', 'Invalid broker address'],
    [{ name: 'B', url: 'mqtt://' }, 'url', 'Invalid broker address'],
    [{ name: 'B', url: 'mqtt://host:70000' }, 'url', 'Invalid broker address'],
    [{ name: 'B', url: 'mqtt://host/topic' }, 'url', 'Invalid broker address'],
    [{ name: 'B', url: 'mqtt://user:pw@host' }, 'url', 'Put the user name and password in their own fields'],
    [
      { name: 'B', url: liveBroker, clientId: 'c'.repeat(256) },
      'clientId',
      'Too long: at most 255 characters',
    ],
    [{ name: 'B', url: liveBroker, username: 'u', password: '' }, 'password', 'Required property'],
    [{ name: 'B', url: liveBroker, password: 'pw' }, 'username', 'A password needs a user name'],
    [
      { name: 'B', url: liveBroker, username: '', password: 'pw' },
      'username',
      'A password needs a user name',
    ],
    [{ name: 'B', url: liveBroker, password: 5 }, 'password', 'Invalid type: expected string'],
    [{ name: 'B', url: liveBroker, port: 1883 }, undefined, 'Unknown property: port'],
  ])('refuses %j', async (body, propertyName, message) => {
    const { as } = await setup();
    const response = await t.call('POST', 'MqttBrokerList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, ...(propertyName ? { propertyName } : {}) }]);
  });

  it('accepts every scheme, with or without a port, and WebSocket paths', async () => {
    const { as } = await setup();
    const urls = [
      'mqtt://broker.local',
      'mqtts://broker.local:8883',
      'ws://broker.local:9001/mqtt',
      'wss://b.io/mqtt',
    ];
    const created = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: urls.map((url, i) => ({ name: `B${i}`, url })),
    });
    expect(created.status).toBe(201);
    expect((created.body.data as MqttBroker[]).map((b) => b.url)).toEqual(urls);
  });

  it('reports bad items of a list with listIndex, and keeps names unique (409)', async () => {
    const { as } = await setup();
    const bad = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: [
        { name: 'A', url: liveBroker },
        { name: 'B', url: 'http://x' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { message: 'Use an mqtt://, mqtts://, ws:// or wss:// address', propertyName: 'url', listIndex: 1 },
    ]);
    const invalid = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: [{ name: 'A', url: liveBroker }, { name: '' }],
    });
    expect(invalid.body.data).toEqual([
      { message: 'Required property', propertyName: 'name', listIndex: 1 },
      { message: 'Required property', propertyName: 'url', listIndex: 1 },
    ]);
    expect((await t.call('GET', 'MqttBrokerList', as)).body.data).toEqual([]);

    const a = await createBroker(as, { name: 'Plant', url: liveBroker });
    const b = await createBroker(as, { name: 'Backup', url: liveBroker });
    const duplicate = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: { name: 'PLANT', url: liveBroker },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const rename = await t.call('PATCH', `MqttBroker/${b.publicId}`, { ...as, body: { name: 'plant' } });
    expect(rename.status).toBe(409);
    const bulk = await t.call('PATCH', 'MqttBrokerList', {
      ...as,
      body: [
        { publicId: a.publicId, url: 'mqtt://other:1883' },
        { publicId: b.publicId, url: 'ftp://x' },
      ],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.data).toEqual([
      { message: 'Use an mqtt://, mqtts://, ws:// or wss:// address', propertyName: 'url', listIndex: 1 },
    ]);
    expect((await t.call('GET', `MqttBroker/${a.publicId}`, as)).body.data).toMatchObject({
      url: liveBroker,
    });
  });

  it('deletes one and many brokers', async () => {
    const { as } = await setup();
    const [a, b] = [
      await createBroker(as, { name: 'A', url: liveBroker }),
      await createBroker(as, { name: 'B', url: liveBroker, username: 'b', password: secret }),
    ];
    expect((await t.call('DELETE', `MqttBroker/${a.publicId}`, as)).body.data).toEqual({
      publicId: a.publicId,
    });
    const bulk = await t.call('DELETE', 'MqttBrokerList', { ...as, body: [{ publicId: b.publicId }] });
    expect(bulk.status).toBe(200);
    expect((await t.call('GET', 'MqttBrokerList', as)).body.data).toEqual([]);
  });
});

describe('MQTT connection tests', () => {
  it('connects to the live broker', async () => {
    const { as } = await setup();
    const broker = await createBroker(as, {
      name: 'Live',
      url: liveBroker,
      password: secret,
      username: 'any',
    });
    const response = await t.call('POST', `MqttBrokerConnectionTest/${broker.publicId}`, as);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      type: 'MqttBrokerConnectionTest',
      status: 'success',
      data: { connected: true, latencyMs: expect.any(Number) },
    });
    expect((response.body.data as { latencyMs: number }).latencyMs).toBeLessThan(5000);
  });

  it('answers 200 with the reason when the broker cannot be reached', async () => {
    const { as } = await setup();
    const broker = await createBroker(as, { name: 'Closed', url: closedPort });
    const response = await t.call('POST', `MqttBrokerConnectionTest/${broker.publicId}`, as);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ connected: false, error: 'Connection refused by 127.0.0.1:1' });
  });

  it('gives up within the 5 s bound on a server that never answers', async () => {
    // A listener that accepts the socket and never sends CONNACK.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const { as } = await setup();
      const started = Date.now();
      const response = await t.call('POST', 'MqttBrokerConnectionTestList', {
        ...as,
        body: { url: `mqtt://127.0.0.1:${port}` },
      });
      const elapsed = Date.now() - started;
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ connected: false, error: 'No answer within 5 s' });
      expect(elapsed).toBeGreaterThanOrEqual(4000);
      expect(elapsed).toBeLessThan(7000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('tests unsaved settings, with a saved broker password when none is given', async () => {
    const { as } = await setup();
    const ok = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: liveBroker, clientId: `fg-test-${t.unique()}`, username: 'u', password: 'p' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ type: 'MqttBrokerConnectionTestList', data: { connected: true } });
    const ws = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: 'ws://127.0.0.1:1' },
    });
    expect(ws.body.data).toEqual({ connected: false, error: 'Connection refused by 127.0.0.1:1' });
    const unknownHost = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: 'mqtt://no-such-host.invalid:1883' },
    });
    expect(unknownHost.body.data).toEqual({
      connected: false,
      error: 'Host not found: no-such-host.invalid',
    });

    const broker = await createBroker(as, {
      name: 'Saved',
      url: closedPort,
      username: 'saved',
      password: secret,
    });
    const withSaved = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: liveBroker, username: 'saved', publicId: broker.publicId },
    });
    expect(withSaved.body.data).toMatchObject({ connected: true });
    // The saved password needs a user name as well.
    const noUser = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: liveBroker, publicId: broker.publicId },
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.data).toEqual([{ message: 'A password needs a user name', propertyName: 'username' }]);
    const withoutPassword = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: liveBroker, password: null, publicId: broker.publicId },
    });
    expect(withoutPassword.body.data).toMatchObject({ connected: true });
  });

  it('validates the settings to test', async () => {
    const { as } = await setup();
    const cases: [unknown, { message: string; propertyName?: string }[]][] = [
      [{}, [{ message: 'Required property', propertyName: 'url' }]],
      [
        { url: 'http://127.0.0.1:1883' },
        [{ message: 'Use an mqtt://, mqtts://, ws:// or wss:// address', propertyName: 'url' }],
      ],
      [
        { url: 'file:///etc/passwd' },
        [{ message: 'Use an mqtt://, mqtts://, ws:// or wss:// address', propertyName: 'url' }],
      ],
      [
        { url: liveBroker, publicId: 'nope' },
        [{ message: 'Value does not match regex expression', propertyName: 'publicId' }],
      ],
      [{ url: liveBroker, name: 'x' }, [{ message: 'Unknown property: name' }]],
    ];
    for (const [body, errors] of cases) {
      const response = await t.call('POST', 'MqttBrokerConnectionTestList', { ...as, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toEqual(errors);
    }
    const missing = await t.call('POST', 'MqttBrokerConnectionTestList', {
      ...as,
      body: { url: liveBroker, publicId: '000000000000' },
    });
    expect(missing.status).toBe(404);
    expect((await t.call('POST', 'MqttBrokerConnectionTest/000000000000', as)).status).toBe(404);
  });
});
