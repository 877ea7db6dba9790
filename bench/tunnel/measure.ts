import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';

/** The load generator: bulk echo throughput and 1 KB ping-pong against a TCP port on loopback. */

export type BulkResult = { bytes: number; seconds: number; megabytesPerSecond: number };

const chunk = randomBytes(64 * 1024);

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await once(socket, 'connect');
  return socket;
}

/**
 * Writes up to `maxBytes` (stopping early after `maxMs`) with backpressure while reading the
 * echo, and counts the bytes that came back per second. Each byte crosses the path both ways.
 */
export async function bulkEcho(port: number, maxBytes: number, maxMs: number): Promise<BulkResult> {
  const socket = await connect(port);
  let received = 0;
  let sent = 0;
  let writing = true;
  const started = performance.now();
  let lastByteAt = started;
  // Done when every byte came back. Not by ending our side and waiting for the echo's end: the
  // connector's local listener is not allowHalfOpen, so our FIN ends its side and the echo's tail is lost.
  const echoed = new Promise<void>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      received += data.length;
      lastByteAt = performance.now();
      if (!writing && received >= sent) resolve();
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed after ${received} of ${sent} bytes`)));
  });
  echoed.catch(() => undefined);
  while (sent < maxBytes && performance.now() - started < maxMs) {
    const size = Math.min(chunk.length, maxBytes - sent);
    sent += size;
    if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) await once(socket, 'drain');
  }
  writing = false;
  if (received < sent) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`echo returned ${received} of ${sent} bytes in time`)),
        30_000,
      );
    });
    try {
      await Promise.race([echoed, late]);
    } finally {
      clearTimeout(timer);
    }
  }
  socket.destroy();
  if (received !== sent) throw new Error(`echo returned ${received} bytes for ${sent}`);
  const seconds = (lastByteAt - started) / 1000;
  return { bytes: received, seconds, megabytesPerSecond: received / 1e6 / seconds };
}

export type RoundTrips = { count: number; medianMs: number; p99Ms: number };

/** `rounds` round trips of `size` bytes each after `warmup` ones, one at a time on one connection. */
export async function pingPong(
  port: number,
  size: number,
  warmup: number,
  rounds: number,
): Promise<RoundTrips> {
  const socket = await connect(port);
  socket.setNoDelay(true);
  const message = randomBytes(size);
  let pending: { remaining: number; done: () => void } | undefined;
  socket.on('data', (data: Buffer) => {
    if (!pending) throw new Error('echo sent bytes nobody asked for');
    pending.remaining -= data.length;
    if (pending.remaining <= 0) pending.done();
  });
  const once1 = () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('round trip took over 5 s')), 5000);
      const start = process.hrtime.bigint();
      pending = {
        remaining: size,
        done: () => {
          clearTimeout(timer);
          pending = undefined;
          resolve(Number(process.hrtime.bigint() - start) / 1e6);
        },
      };
      socket.write(message);
    });
  for (let i = 0; i < warmup; i++) await once1();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await once1());
  socket.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { count: times.length, medianMs: at(0.5), p99Ms: at(0.99) };
}
