/**
 * Slow-client benchmark: 1,000 connections that each send the headers of a POST announcing a
 * 1,000-byte body and then one byte every 10 s, against the real server (PGlite, started in
 * this run). Meanwhile `GET /api` is timed from another address; its latency is printed as a
 * ratio against a baseline taken before the attack in the same run. The attackers come from
 * ten loopback addresses (100 each, within the default per-address cap), then 1,000 more from
 * one address to show the cap. Reports how many attack connections the server closed and when.
 * BENCH_SLOW_SECONDS (default 75) is how long the attack lasts; it should outlast the 60 s
 * request timeout.
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startProcess } from '../support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const attackSeconds = Number(process.env.BENCH_SLOW_SECONDS ?? 75);
const connections = 1000;
const attackerAddresses = Array.from({ length: 10 }, (_, i) => `127.0.1.${i + 1}`);
const probeAddress = '127.0.0.2';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-bench-'));
const port = await freePort();
const server = await startProcess(
  path.join(root, 'apps/server/src/main.ts'),
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  /listening on/,
);

type Attacker = { socket: net.Socket; openedAt: number; closedAt?: number };

/** One slow-body connection; the server decides when it ends. */
function attack(localAddress: string): Attacker {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  const attacker: Attacker = { socket, openedAt: performance.now() };
  socket.on('error', () => {});
  socket.on('data', () => {});
  socket.on('connect', () =>
    socket.write(
      `POST /api/RegistrationList HTTP/1.1\r\nHost: localhost:${port}\r\nApi-Version: 2\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    ),
  );
  const drip = setInterval(() => socket.writable && socket.write(' '), 10_000);
  socket.on('close', () => {
    clearInterval(drip);
    attacker.closedAt = performance.now();
  });
  return attacker;
}

const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: probeAddress });

/** Latencies of `count` sequential `GET /api` from the probe address, in ms (failures as Infinity). */
async function probe(count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const ok = await new Promise<boolean>((resolve) => {
      const request = http.get(
        `http://127.0.0.1:${port}/api`,
        { agent: probeAgent, headers: { 'Api-Version': '2' }, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode === 200));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(false));
    });
    latencies.push(ok ? performance.now() - started : Infinity);
  }
  return latencies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : 'failed');
const ratio = (value: number, base: number) =>
  Number.isFinite(value) ? `${(value / base).toFixed(2)}×` : '∞';

try {
  await probe(50); // warm-up
  const baseline = await probe(200);
  const base50 = percentile(baseline, 50);
  const base99 = percentile(baseline, 99);
  console.log(`GET /api baseline: p50 ${fmt(base50)}, p99 ${fmt(base99)}`);

  const started = performance.now();
  const attackers = Array.from({ length: connections }, (_, i) =>
    attack(attackerAddresses[i % attackerAddresses.length]!),
  );
  await sleep(2000);
  console.log(
    `${connections} slow-body connections from ${attackerAddresses.length} addresses; ` +
      `${attackers.filter((a) => a.closedAt === undefined).length} open after 2 s`,
  );

  const samples: number[] = [];
  while ((performance.now() - started) / 1000 < attackSeconds) {
    const latencies = await probe(20);
    samples.push(...latencies);
    const open = attackers.filter((a) => a.closedAt === undefined).length;
    const elapsed = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `  t=${elapsed.padStart(3)} s  open attack connections ${String(open).padStart(4)}  ` +
        `GET /api p50 ${fmt(percentile(latencies, 50))} (${ratio(percentile(latencies, 50), base50)})`,
    );
    await sleep(5000);
  }
  const failed = samples.filter((ms) => !Number.isFinite(ms)).length;
  console.log(
    `GET /api under attack: p50 ${fmt(percentile(samples, 50))} (${ratio(percentile(samples, 50), base50)} baseline), ` +
      `p99 ${fmt(percentile(samples, 99))} (${ratio(percentile(samples, 99), base99)} baseline), ` +
      `${failed} of ${samples.length} failed`,
  );
  const closed = attackers.filter((a) => a.closedAt !== undefined);
  const lifetimes = closed.map((a) => (a.closedAt! - a.openedAt) / 1000);
  console.log(
    `Server closed ${closed.length} of ${connections} slow connections` +
      (closed.length
        ? `, after ${Math.min(...lifetimes).toFixed(1)}–${Math.max(...lifetimes).toFixed(1)} s`
        : ''),
  );
  for (const attacker of attackers) attacker.socket.destroy();

  // The per-address cap: 1,000 from one address, of which the server keeps at most 100.
  const single = Array.from({ length: connections }, () => attack('127.0.1.100'));
  await sleep(3000);
  const kept = single.filter((a) => a.closedAt === undefined).length;
  const during = await probe(50);
  console.log(
    `${connections} slow connections from one address: ${kept} kept open by the server; ` +
      `GET /api p50 ${fmt(percentile(during, 50))} (${ratio(percentile(during, 50), base50)} baseline)`,
  );
  for (const attacker of single) attacker.socket.destroy();
} finally {
  probeAgent.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
}
