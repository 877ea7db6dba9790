import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config, ConnectionLimits } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { Api } from './http/api.ts';
import { listenForAccessChanges } from './auth/auth-cache.ts';
import { PgListener } from './db/pg-listener.ts';
import { listenForReactionsChanges, ReactionsCache } from './events/company-reactions.ts';
import { loadCompanyReactions } from './events/company-reactions.repository.ts';
import { registerSessionActivity } from './auth/session-activity.ts';
import { registerWireHooks } from './http/hooks.ts';
import { hostCheck, registerHostCheck, siteOrigin } from './http/host-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { capConnectionsPerAddress, serverTimeouts } from './http/connection-limits.ts';
import { defaultBodyLimit } from './http/body-limits.ts';
import { registerWebApp } from './http/static.ts';
import { loggerOptions, RequestLogController } from './http/logging.ts';
import { registerApiDocs } from './http/api-docs.routes.ts';
import { LoginLimiter, type LoginLimits } from './auth/login-limiter.ts';
import { openLimiters } from './auth/limiters.ts';
import { success } from './http/envelope.ts';
import { registerModules } from './modules/index.ts';
import { companiesPerUserPerDay } from './modules/companies/company.routes.ts';
import {
  createInviteLimiter,
  defaultInviteLimits,
  type InviteLimits,
} from './modules/invites/invite.limiter.ts';
import { registerConnectorDownloads } from './modules/vpn-releases/connector-downloads.routes.ts';
import { EventBus } from './events/event-bus.ts';
import { createMailer } from './mail/mailer.ts';
import { registerEventRoutes } from './events/events.routes.ts';
import { Relay } from './relay/relay.ts';
import { startAppJobs, type AppJobsOptions } from './jobs/app-jobs.ts';
import { relayInternalKey } from './relay/internal-link.ts';
import { evaluateOnAlarmingActivation } from './modules/alarms/alarm-activation.ts';
import { ensureSamplePartitions } from './modules/data-logging/sample-storage.ts';
import {
  startBackendComponents,
  type BackendComponents,
} from './modules/backend-components/backend-components.start.ts';
import { startMqttCollector, type MqttCollectorOptions } from './modules/data-logging/mqtt-collector.ts';
import { BrandingHosts, listenForBrandingHostChanges } from './modules/branding/branding-host-cache.ts';
import { registerBrandingImageRoutes } from './modules/branding/branding-image.routes.ts';
import { registerScreensaverRoutes } from './modules/screensaver/screensaver.routes.ts';
import { registerReportFileRoute } from './modules/reports/report.routes.ts';
import { brandingLookupsPerAddressPerMinute } from './modules/branding/branding.routes.ts';
import type { RelayOptions } from './relay/relay-options.ts';
import { startWebhookWorker } from './jobs/webhook-delivery.job.ts';
import { forwardDomainEventsToWebhooks } from './modules/webhooks/webhook-events.ts';
import { webhookSecretBox, webhookTargetPolicy } from './modules/webhooks/webhook.routes.ts';
import { Readiness, registerHealthRoutes } from './http/health.routes.ts';
import { sealClearTotpSecrets, totpSecretsOf } from './modules/two-factor/totp-secrets.ts';
import { registerMetrics } from './http/metrics.ts';

export type AppOptions = {
  config: Config;
  /** Use this database instead of opening one from the config (tests share one per file). */
  db?: Db;
  logger?: boolean;
  loginLimits?: LoginLimits;
  /** Keeps this server's rate-limit counters apart from other servers' on one database (tests). */
  loginLimitsScope?: string;
  registrationsPerAddressPerHour?: number;
  /** Invitations per inviter and per company per hour; tests lower them. */
  inviteLimits?: Partial<InviteLimits>;
  companiesPerUserPerDay?: number;
  /** Public branding lookups (GET BrandingList) per client address per minute; tests lower it. */
  brandingLookupsPerAddressPerMinute?: number;
  /** How long identities and rights are cached per token; 0 turns the cache off. */
  authCacheMs?: number;
  /** Relay tunables (rate-limit thresholds, revalidation and heartbeat intervals); tests shorten them. */
  relay?: Partial<RelayOptions>;
  /** Overrides of the configured timeouts and connection cap; tests shorten them. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** How often ended temporary access is announced (live event AccessEnded). */
  temporaryAccessSweepMs?: number;
  /** How often the report queue is polled (a recurring job); false polls none here (tests run it by hand). */
  reportWorkerMs?: number | false;
  /** More recurring jobs and job handlers for this server's job queue worker (tests). */
  jobs?: Pick<AppJobsOptions, 'recurring' | 'handlers'>;
  /** How often the webhook worker looks at the queue; false runs no worker (tests run it by hand). */
  webhookWorkerMs?: number | false;
  /** The server's collector of MQTT data sources; tests shorten its timings, false runs none. */
  mqttCollector?: Partial<MqttCollectorOptions> | false;
};

export type BuiltApp = {
  app: FastifyInstance;
  db: Db;
  api: Api;
  events: EventBus;
  relay: Relay;
  functions: BackendComponents;
};

const defaultLoginLimits: LoginLimits = { perAccount: 5, perAddress: 50, windowSeconds: 15 * 60 };

/** Builds the whole server (API, web app, hooks) without listening, for main.ts and tests. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { config } = options;
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.db) {
    await migrateToLatest(db);
    // TOTP secrets stored in clear by an older version are sealed now that the key is at hand.
    await sealClearTotpSecrets(db, totpSecretsOf(config));
  }

  const limits = { ...config.connectionLimits, ...options.connectionLimits };
  // Requests for a web access session's host go to the session's proxy at the raw server:
  // they never reach the API, the web app or their hooks (set once the relay exists).
  const dispatch: { sessionHost?: (request: IncomingMessage, response: ServerResponse) => boolean } = {};
  const app = Fastify({
    // What Fastify itself does for an HTTP/1 server (lib/server.js getServerInstance), plus the dispatch.
    serverFactory: (handler, serverOptions) => {
      const server = createServer(
        (serverOptions.http ?? {}) as ServerOptions,
        (request: IncomingMessage, response: ServerResponse) => {
          if (dispatch.sessionHost?.(request, response)) return;
          // The portal sets no cookies and reads none (its API takes bearer tokens): any cookie
          // is another host's, possibly planted for a shared parent domain, and goes before a
          // hook, route or log sees it.
          delete request.headers.cookie;
          handler(request, response);
        },
      );
      server.keepAliveTimeout = serverOptions.keepAliveTimeout as number;
      server.requestTimeout = serverOptions.requestTimeout as number;
      server.setTimeout(serverOptions.connectionTimeout as number);
      return server;
    },
    logger: options.logger === false ? false : loggerOptions(config),
    logController: new RequestLogController(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: defaultBodyLimit,
    ...serverTimeouts(limits),
  });
  capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress);
  await registerSecurityHeaders(app, config.publicUrl, config.helpCentreUrl, config.sentryDsn);
  // Branding host names are served like PUBLIC_URL's host: known before the first request.
  const brandingHosts = new BrandingHosts(db);
  await brandingHosts.reload();
  const logHostError = (error: unknown) => app.log.error({ err: error }, 'branding hosts reload failed');
  const stopRefreshing = brandingHosts.refreshEvery(5 * 60_000, logHostError);
  app.addHook('onClose', async () => stopRefreshing());
  // One LISTEN connection for every channel below (PostgreSQL only), opened again if it breaks.
  const listener = config.databaseUrl
    ? new PgListener(config.databaseUrl, (error) => app.log.error({ err: error }, 'database listener failed'))
    : undefined;
  if (listener) {
    await listener.start();
    app.addHook('onClose', () => listener.close());
    await listenForBrandingHostChanges(listener, brandingHosts, logHostError);
  }
  registerHostCheck(app, config, brandingHosts);
  registerWireHooks(app);
  registerSessionActivity(app, db);

  const api = new Api(app, db, options.authCacheMs ?? 5000);
  // Other server processes on the same PostgreSQL tell this one when access changed.
  if (listener) await listenForAccessChanges(listener, (change) => api.applyAccessChange(change));
  const events = new EventBus(config.databaseUrl ? db : undefined);
  events.domain.setLogger(app.log);
  if (listener) {
    await events.listenToOtherProcesses(listener, (error) =>
      app.log.error({ err: error }, 'event listener failed'),
    );
  }
  // Which companies have webhooks or function subscriptions at all: the others' domain events
  // (every agent's attach and detach) cost no lookups. Only on PostgreSQL, where every process,
  // this one too, hears each change when it commits.
  let reactions: ReactionsCache | undefined;
  if (listener) {
    const cache = new ReactionsCache((companyId) => loadCompanyReactions(db, companyId), 5000);
    await listenForReactionsChanges(listener, cache, (error) =>
      app.log.error({ err: error }, 'reactions change listener failed'),
    );
    reactions = cache;
  }
  registerEventRoutes(app, api, events);
  // The tunnel relay shares the HTTP server; it closes its sessions before the server stops.
  const relay = new Relay(
    {
      db,
      events,
      log: app.log,
      servesHost: hostCheck(config, app.server, brandingHosts),
      webAccess: {
        domain: config.webAccessDomain,
        publicUrl: () => config.publicUrl,
        responseTimeoutMs: limits.requestTimeoutMs,
      },
      process: {
        ...config.relayProcess,
        key: relayInternalKey({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: config.dataDir }),
      },
    },
    options.relay,
  );
  dispatch.sessionHost = (request, response) => {
    const hostId = relay.sessionHostOf(request);
    if (hostId) relay.webAccess.handleRequest(request, response, hostId);
    return hostId !== undefined;
  };
  // Outside /api: no Api-Version, no sign-in, any Host (load balancers and Prometheus call by address).
  registerHealthRoutes(app, new Readiness(db, () => relay.accepting));
  registerMetrics(app, config.metricsToken, { db, relay, log: app.log });
  const mailer = createMailer(config);
  // Periodic work (sweeps, retention, alarm delays, the report queue) runs once across processes:
  // the database job queue (jobs/queue).
  const stopJobs = startAppJobs(
    { db, events, mailer, config, log: app.log },
    {
      ...options.jobs,
      temporaryAccessSweepMs: options.temporaryAccessSweepMs,
      reportWorkerMs: options.reportWorkerMs,
    },
  );
  app.addHook('preClose', stopJobs);
  // Webhooks receive the domain events their company's webhooks chose; a worker sends them.
  const stopForwarding = forwardDomainEventsToWebhooks(events.domain, db, app.log, reactions);
  app.addHook('onClose', async () => stopForwarding());
  if (options.webhookWorkerMs !== false) {
    const stopWebhookWorker = startWebhookWorker(
      { db, box: webhookSecretBox(config), policy: webhookTargetPolicy(config) },
      (error) => app.log.error({ err: error }, 'webhook worker failed'),
      options.webhookWorkerMs,
    );
    app.addHook('preClose', stopWebhookWorker);
  }
  // Alarming activated on an agent: its conditions see the tags' present values at once.
  const stopActivationAlarms = evaluateOnAlarmingActivation(db, { events, mailer, log: app.log, config });
  app.addHook('onClose', async () => stopActivationAlarms());
  // This month's samples get their partition before any batch can be stored.
  await ensureSamplePartitions(db);
  // MQTT data sources are read by the server from the company's brokers (the agent reads Modbus).
  if (options.mqttCollector !== false) {
    const mqttCollector = startMqttCollector(
      { db, events, mailer, log: app.log, config },
      options.mqttCollector,
    );
    app.addHook('preClose', () => mqttCollector.stop());
  }
  // Backend components: subscribed messages and schedules run company functions in a sandbox.
  const functions = startBackendComponents({ db, events, mailer, log: app.log, config, reactions });
  app.addHook('preClose', () => functions.stop());

  // On a branding's host the hrefs stay on that host, so the page's calls are same-origin.
  app.get('/api', async (request) =>
    success(
      'Discovery',
      api.discovery.list(siteOrigin(request.headers.host, config.publicUrl, brandingHosts)),
    ),
  );

  // One pool and one table for every rate limit, so all processes spend from one budget.
  const limiters = openLimiters({ databaseUrl: config.databaseUrl, scope: options.loginLimitsScope });
  app.addHook('onClose', () => limiters.close());
  const loginLimiter = new LoginLimiter(options.loginLimits ?? defaultLoginLimits, limiters);
  const registrationLimiter = limiters.attempts(
    'registration',
    options.registrationsPerAddressPerHour ?? 30,
    3600,
  );
  const inviteLimiter = createInviteLimiter({ ...defaultInviteLimits, ...options.inviteLimits }, limiters);
  const companyCreationLimiter = limiters.attempts(
    'company-creation',
    options.companiesPerUserPerDay ?? companiesPerUserPerDay,
    86_400,
  );
  registerModules(api, {
    config,
    log: app.log,
    loginLimiter,
    limiters,
    registrationLimiter,
    inviteLimiter,
    companyCreationLimiter,
    events,
    brandingHosts,
    webAccess: relay.webAccess,
    brandingLookupLimiter: limiters.attempts(
      'branding-lookup',
      options.brandingLookupsPerAddressPerMinute ?? brandingLookupsPerAddressPerMinute,
      60,
    ),
  });
  await registerBrandingImageRoutes(app, api, { db, publicUrl: () => config.publicUrl });
  await registerScreensaverRoutes(app, api, { db, limiters });
  registerReportFileRoute(app, api);
  registerConnectorDownloads(app, config.connectorDownloadsDir);
  registerApiDocs(app, api, config, brandingHosts);

  relay.attach(app.server);
  app.addHook('preClose', () => relay.close());

  await registerWebApp(app, config.webDist);
  if (!options.db) app.addHook('onClose', () => db.destroy());
  return { app, db, api, events, relay, functions };
}
