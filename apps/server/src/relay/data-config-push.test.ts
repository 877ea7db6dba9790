import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { agentDataConfigTarget, type AgentDataConfig } from '@fleetgate/contracts';
import { Multiplexer } from '@fleetgate/tunnel-protocol';
import { useTestServer } from '../../test/harness.ts';
import { sweepEndedActivations } from '../jobs/app-activation-end.job.ts';
import { dataLoggingFixtures } from '../modules/data-logging/data-logging.test-support.ts';
import { eventually } from './relay.test-support.ts';

const t = useTestServer();
const f = dataLoggingFixtures(t);
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const ws of sockets.splice(0)) ws.terminate();
});

/** An agent attached over a real WebSocket that answers every data config stream as the agent does. */
function attachAgent(credential: string, answer = (config: AgentDataConfig) => `ok ${config.version}\n`) {
  const received: AgentDataConfig[] = [];
  const ws = new WebSocket(`${t.server.baseUrl.replace(/^http/, 'ws')}/relay/agent`, {
    headers: { Authorization: `Bearer ${credential}` },
  });
  sockets.push(ws);
  const mux = new Multiplexer({
    role: 'acceptor',
    send: (frame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    },
    onStream: (stream, target) => {
      if (target !== agentDataConfigTarget) return stream.destroy();
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        const config = JSON.parse(text) as AgentDataConfig;
        received.push(config);
        stream.end(answer(config));
      });
    },
  });
  ws.on('message', (data: Buffer) => mux.receive(data));
  ws.on('close', () => mux.destroy('closed'));
  return { ws, received };
}

describe('the data config push through the relay', () => {
  it('sends the config on attach and again after every change, and empties it on deactivation', async () => {
    const a = await f.loggingAgent();
    const agent = attachAgent(a.credential);
    const first = await eventually(async () => agent.received[0]);
    expect(first).toEqual({
      version: expect.any(String),
      collecting: true,
      sources: [{ id: a.source.publicId, kind: 'modbus', service: 'plc', unitId: 3 }],
      tags: expect.arrayContaining([
        {
          id: a.temperature.publicId,
          source: a.source.publicId,
          address: 'hr:0',
          dataType: 'float32',
          scale: 1,
          intervalSeconds: 1,
          logMode: 'interval',
        },
      ]),
    });
    expect(first.tags).toHaveLength(2);

    await f.tag(a.as, a.agent.publicId, a.source.publicId, 'flow', 'ir:4');
    const second = await eventually(async () => agent.received[1]);
    expect(second.tags).toHaveLength(3);
    expect(second.version).not.toBe(first.version);

    expect((await t.call('DELETE', `AgentAppLogging/${a.agent.publicId}`, a.as)).status).toBe(200);
    const third = await eventually(async () => agent.received[2]);
    expect(third).toEqual({ version: expect.any(String), collecting: false, sources: [], tags: [] });
  });

  it('stops and restarts collection when the company uninstalls and installs Data logging again', async () => {
    const a = await f.loggingAgent();
    const agent = attachAgent(a.credential);
    const first = await eventually(async () => agent.received[0]);
    expect(first.collecting).toBe(true);

    expect((await t.call('DELETE', 'AppUninstall/dataLogging', a.as)).status).toBe(200);
    const stopped = await eventually(async () => agent.received[1]);
    expect(stopped).toEqual({ version: expect.any(String), collecting: false, sources: [], tags: [] });

    expect((await t.call('POST', 'AppInstall/dataLogging', a.as)).status).toBe(201);
    const again = await eventually(async () => agent.received[2]);
    expect(again).toEqual(first);

    // Another app changing leaves the config as it is: nothing is sent (the agent would restart
    // its sampling); the next push is the next real change.
    expect((await t.call('POST', 'AppInstall/reports', a.as)).status).toBe(201);
    await f.tag(a.as, a.agent.publicId, a.source.publicId, 'flow', 'ir:4');
    const changed = await eventually(async () => agent.received[3]);
    expect(changed.tags).toHaveLength(3);
  });

  it('stops collection when the activation runs out, announced by the activation-end job', async () => {
    const a = await f.loggingAgent();
    const agent = attachAgent(a.credential);
    expect((await eventually(async () => agent.received[0])).collecting).toBe(true);
    const since = new Date();
    const agentId = (
      await t.server.db
        .selectFrom('agents')
        .select('id')
        .where('public_id', '=', a.agent.publicId)
        .executeTakeFirstOrThrow()
    ).id;
    // The trial ends now (as if its days had passed).
    await t.server.db
      .updateTable('agent_app_activations')
      .set({ ends_on: new Date(since.getTime() + 1) })
      .where('agent_id', '=', agentId)
      .execute();
    const until = new Date(since.getTime() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = await sweepEndedActivations(t.server.db, t.server.built.events, since, until);
    expect(ended).toEqual([a.agent.publicId]);
    const stopped = await eventually(async () => agent.received[1]);
    expect(stopped).toMatchObject({ collecting: false, tags: [] });
    // The next run does not announce it again.
    expect(
      await sweepEndedActivations(
        t.server.db,
        t.server.built.events,
        until,
        new Date(until.getTime() + 1000),
      ),
    ).toEqual([]);
  });

  it('pushes again at the next attach when the agent did not acknowledge', async () => {
    const a = await f.loggingAgent();
    const refusing = attachAgent(a.credential, () => 'no\n');
    await eventually(async () => refusing.received[0]);
    refusing.ws.close();
    const agent = attachAgent(a.credential);
    const config = await eventually(async () => agent.received[0]);
    expect(config.tags).toHaveLength(2);
  });
});
