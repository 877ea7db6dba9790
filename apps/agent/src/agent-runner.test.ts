import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { AgentRunner } from './agent-runner.ts';

/** A relay stand-in that accepts agents and then says nothing at all (no pings, no frames). */
describe('agent connection loop', () => {
  let wss: WebSocketServer;
  let url: string;
  const connections: WebSocket[] = [];
  const headers: (string | undefined)[] = [];
  beforeAll(async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/relay/agent`;
    wss.on('connection', (ws, request) => {
      connections.push(ws);
      headers.push(request.headers.authorization);
    });
  });
  afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));

  it('sends its credential, drops a silent relay and reconnects; stop() ends it', async () => {
    const lines: string[] = [];
    const runner = new AgentRunner({
      relayUrl: url,
      credential: 'the-credential',
      services: [],
      log: (line) => lines.push(line),
      silenceTimeoutMs: 200,
      minDelayMs: 20,
      maxDelayMs: 40,
    });
    let attached = 0;
    runner.on('attached', () => (attached += 1));
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    await runner.stop();
    expect(attached).toBeGreaterThanOrEqual(2);
    expect(headers[0]).toBe('Bearer the-credential');
    expect(lines).toContain('relay silent, dropping the connection');
    expect(lines.at(-1)).toBe('stopped');
  });

  it('closes the connection on a text message (protocol error)', async () => {
    const runner = new AgentRunner({ relayUrl: url, credential: 'c', services: [], minDelayMs: 5000 });
    const attached = once(runner, 'attached');
    runner.start();
    await attached;
    const detached = once(runner, 'detached');
    connections.at(-1)!.send('not a frame');
    expect(await detached).toEqual([4400, 'text messages are not part of the protocol']);
    await runner.stop();
  });
});
