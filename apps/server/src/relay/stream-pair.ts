import type { TunnelStream } from '@fleetgate/tunnel-protocol';

/**
 * Joins a client's stream to the agent's stream for the same connection: bytes flow both ways
 * through pipe(), so backpressure (and with it the credit windows) reaches from one end to the
 * other. A stream that ends abnormally resets its partner with the same reason, so the user
 * sees why (e.g. the agent refused the target).
 */
export function pairStreams(
  client: TunnelStream,
  agent: TunnelStream,
  count: { up: (bytes: number) => void; down: (bytes: number) => void },
) {
  client.pipe(agent);
  agent.pipe(client);
  client.on('data', (chunk: Buffer) => count.up(chunk.length));
  agent.on('data', (chunk: Buffer) => count.down(chunk.length));
  propagateAbort(client, agent);
  propagateAbort(agent, client);
}

function propagateAbort(from: TunnelStream, to: TunnelStream) {
  from.on('close', () => {
    if (to.destroyed) return;
    const clean = from.errored === null && from.readableEnded && from.writableFinished;
    if (!clean) to.destroy(from.errored ?? new Error('stream closed'));
  });
}
