import { loadConfig, webAccessDomainWarning } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './bootstrap/demo.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { startErrorReporting } from './error-reporting.ts';
import { tuneServerHeap } from './heap-settings.ts';

// Before anything is allocated in earnest: how V8 collects the server's garbage (see the function).
tuneServerHeap();
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A bad setting stops the start with one line naming it, not a stack trace.
    process.stderr.write(`Configuration error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
})();
// Before the app is built, so unhandled errors from its start on are reported (only with SENTRY_DSN).
const stopErrorReporting = await startErrorReporting(config.sentryDsn);
const { app, db } = await buildApp({ config }).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
// Allowed, but said at every start: device pages could plant cookies on the portal.
const domainWarning = webAccessDomainWarning(config.publicUrl, config.webAccessDomain);
if (domainWarning) app.log.warn(domainWarning);
const demo = await seedDemoIfEmpty(db, { emailAddress: config.adminEmail, password: config.adminPassword });

const address = await app.listen({ port: config.port, host: config.host });
// Users reach the server at PUBLIC_URL (links, Host check); the listen address may differ.
const url = config.publicUrl;
const lines = [
  `Fleetgate listening on ${address}, public URL ${url} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
];
if (isLoopback(config.host)) {
  lines.push(
    `Only this computer can connect; to serve others, set HOST=0.0.0.0 and PUBLIC_URL to the address they use.`,
  );
}
if (config.databaseUrl && !process.env.FLEETGATE_SECRET_KEY) {
  // The one file every process must agree on: a process with another key cannot read the MQTT,
  // SSO, webhook and function secrets the others stored.
  lines.push(
    `Stored secrets are encrypted with the key in ${config.dataDir}/secret.key: every server process on this database needs the same key (set FLEETGATE_SECRET_KEY, or share DATA_DIR).`,
  );
}
if (demo) {
  lines.push('Demo company created. Log in at ' + `${url}/login with:`);
  for (const account of demo.accounts)
    lines.push(`  ${account.role.padEnd(13)} ${account.emailAddress}  password: ${account.password}`);
  lines.push(
    'These passwords are shown only now; set FLEETGATE_ADMIN_PASSWORD before the first start to choose your own.',
    'Attach the simulated demo agent "Line 1 gateway" (the token is valid for 24 h):',
    `  npx fleetgate-agent enroll --server ${url} --token=${demo.agentEnrolmentToken} --simulate`,
    '  npx fleetgate-agent run --simulate',
    'Lost a password? Stop the server and run: npx fleetgate-server reset-password <e-mail address>',
  );
}
process.stdout.write(lines.join('\n') + '\n');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(stopErrorReporting)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
