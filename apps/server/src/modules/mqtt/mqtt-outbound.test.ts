import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

// A key of this file's own, so the suite never writes a key file into the working directory.
process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

/** A server without OUTBOUND_ALLOW_PRIVATE: the default of every instance. */
const t = useTestServer();

describe('MQTT connection tests to private targets', () => {
  // Something listening on loopback that must never see a connection from the test.
  const accepted: Socket[] = [];
  const listener = createServer((socket) => accepted.push(socket));
  let port: number;
  beforeAll(async () => {
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const socket of accepted) socket.destroy();
    return new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('are refused the same way, open port or closed, without connecting', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const targets = [
      `mqtt://127.0.0.1:${port}`,
      'mqtt://127.0.0.1:1',
      `mqtt://localhost:${port}`,
      `mqtts://localhost:${port}`,
      `ws://127.0.0.1:${port}`,
      `wss://[::1]:${port}`,
      `mqtt://[::ffff:127.0.0.1]:${port}`,
      `mqtt://2130706433:${port}`,
      `mqtt://0x7f.0.0.1:${port}`,
      `mqtt://0177.0.0.1:${port}`,
      'mqtt://10.0.0.1:1883',
      'mqtt://169.254.169.254:1883',
      'mqtt://100.64.0.1:1883',
    ];
    for (const url of targets) {
      const response = await t.call('POST', 'MqttBrokerConnectionTestList', { ...as, body: { url } });
      expect([url, response.status, response.body.data]).toEqual([
        url,
        200,
        { connected: false, error: 'Destination not allowed' },
      ]);
    }
    // A saved broker pointing at loopback is refused alike.
    const created = await t.call('POST', 'MqttBrokerList', {
      ...as,
      body: { name: 'Loopback', url: `mqtt://127.0.0.1:${port}` },
    });
    const saved = created.body.data as { publicId: string };
    const response = await t.call('POST', `MqttBrokerConnectionTest/${saved.publicId}`, as);
    expect(response.body.data).toEqual({ connected: false, error: 'Destination not allowed' });
    expect(accepted).toEqual([]);
  });
});
