import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

/** Sends one raw upgrade request and reads the answer until the server closes or answers. */
function rawUpgrade(target: string): Promise<string> {
  const { hostname, port } = new URL(t.server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: Upgrade\r\n` +
        'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
  });
}

describe('WebSocket upgrades with odd request targets', () => {
  it('answers 400 to a target URL cannot parse, and the server keeps serving', async () => {
    for (const target of ['//[x', '//[::1', 'http://[']) {
      expect(await rawUpgrade(target)).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect((await t.call('GET', '/api')).status).toBe(200);
  });
});
