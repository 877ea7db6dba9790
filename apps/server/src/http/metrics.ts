import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorMessages } from '@fleetgate/contracts';
import { poolOf, type Db } from '../db/client.ts';
import { jobsCollector, type JobCount } from '../jobs/job-counts.ts';
import type { Relay } from '../relay/relay.ts';
import { ApiError, notFound } from './errors.ts';

export type MetricsSources = { db: Db; relay: Relay; log: FastifyBaseLogger };

/** Job counts are queried at most this often, however often /metrics is scraped. */
const jobsCacheMs = 5000;
/** A scrape does not wait longer for them (a stuck database must not stall every scrape). */
const jobsTimeoutMs = 2000;

/**
 * Prometheus metrics at `GET /metrics`, readable with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a token the route answers 404 and nothing is measured (no hook on the request path).
 * Each built app has its own registry: tests build many apps in one process.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources) {
  if (!token) {
    // A route of its own, so the web app's page fallback never answers for it.
    app.get('/metrics', { config: { anyHost: true } }, async () => {
      throw notFound();
    });
    return;
  }
  const register = new Registry();
  // Node's own metrics under their usual names (nodejs_eventloop_lag_seconds, process_cpu_…),
  // so ready-made Node.js dashboards work unchanged.
  collectDefaultMetrics({ register });
  trackRequests(app, register);
  relayMetrics(register, sources.relay);
  poolMetrics(register, sources.db);
  jobMetrics(register, sources.db, sources.log);

  const expected = digest(token);
  app.get('/metrics', { config: { anyHost: true } }, async (request, reply) => {
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Hashes have one length, so the comparison takes the same time whatever was sent.
    if (presented === undefined || !timingSafeEqual(digest(presented), expected))
      throw new ApiError(401, errorMessages.unauthenticated, { 'www-authenticate': 'Bearer' });
    const text = await register.metrics();
    return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(text);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

type Series = { requests: Counter.Internal; duration: Histogram.Internal<string> };

/**
 * Requests by route pattern (never the raw URL: ids would make a series per object), method and
 * status, with their latency. This runs on every response: series are made once per
 * route, method and status and then only looked up.
 */
function trackRequests(app: FastifyInstance, register: Registry) {
  const labelNames = ['route', 'method', 'status_code'];
  const requests = new Counter({
    name: 'fleetgate_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'fleetgate_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to sending its answer, by route pattern, method and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const byRoute = new Map<string, Map<string, Map<number, Series>>>();
  app.addHook('onResponse', (request, reply, done) => {
    // Paths no route matched share one value: their number is unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = { route, method, status_code: String(status) };
      series = { requests: requests.labels(labels), duration: duration.labels(labels) };
      byStatus.set(status, series);
    }
    series.requests.inc();
    series.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

/** Read from the relay when scraped, so the tunnels' data path does no extra work. */
function relayMetrics(register: Registry, relay: Relay) {
  const gauge = (name: string, help: string, read: (stats: ReturnType<Relay['stats']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [register],
      collect() {
        this.set(read(relay.stats()));
      },
    });
  gauge('fleetgate_relay_attached_agents', 'Agents attached to this process', (s) => s.attachedAgents);
  gauge(
    'fleetgate_relay_client_sessions',
    'Client tunnel sessions open on this process',
    (s) => s.clientSessions,
  );
  gauge('fleetgate_relay_open_streams', 'Tunnel streams open to agents attached here', (s) => s.openStreams);
  new Counter({
    name: 'fleetgate_relay_bytes_total',
    help: 'Bytes carried by tunnel and web-access sessions on this process (to_device, from_device)',
    labelNames: ['direction'],
    registers: [register],
    collect() {
      // The relay keeps the running totals; the counter only shows them.
      const { bytesUp, bytesDown } = relay.stats();
      this.reset();
      this.inc({ direction: 'to_device' }, bytesUp);
      this.inc({ direction: 'from_device' }, bytesDown);
    },
  });
}

/** The pg pool's connections on PostgreSQL. PGlite runs in the process with one connection: no pool to show. */
function poolMetrics(register: Registry, db: Db) {
  const pool = poolOf(db);
  if (!pool) return;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [register],
      collect() {
        this.set(read());
      },
    });
  gauge('fleetgate_db_pool_connections', 'Database connections open in the pool', () => pool.totalCount);
  gauge('fleetgate_db_pool_idle_connections', 'Database connections idle in the pool', () => pool.idleCount);
  gauge(
    'fleetgate_db_pool_waiting_queries',
    'Queries waiting for a free database connection',
    () => pool.waitingCount,
  );
}

/** Background work waiting or failed, counted by a query at most every few seconds. */
function jobMetrics(register: Registry, db: Db, log: FastifyBaseLogger) {
  let counted: { at: number; counts: JobCount[] } | undefined;
  let counting: Promise<JobCount[]> | undefined;
  const counts = () => {
    if (counted && Date.now() - counted.at < jobsCacheMs) return Promise.resolve(counted.counts);
    counting ??= jobsCollector(db)
      .then((result) => {
        counted = { at: Date.now(), counts: result };
        return result;
      })
      .finally(() => (counting = undefined));
    return counting;
  };
  new Gauge({
    name: 'fleetgate_jobs',
    help: 'Background jobs by queue and state (webhook deliveries, reports), counted up to 10000',
    labelNames: ['queue', 'state'],
    registers: [register],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('counting jobs took too long')), jobsTimeoutMs);
      });
      try {
        // The query goes on after a timeout; later scrapes share it rather than start another.
        for (const { queue, state, count } of await Promise.race([counts(), timeout]))
          this.set({ queue, state }, count);
      } catch (error) {
        // Scraping still answers; the gauge shows nothing rather than old numbers.
        log.warn({ err: error }, 'counting jobs for metrics failed');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
