import { parseArgs } from 'node:util';
import { defaultPort, startConnector } from './connector.ts';
import { defaultSettingsPath, parseSettings, readSettings } from './settings.ts';
import { connectorVersion } from './version.ts';

const usage = `Usage:
  fleetgate-connector [--portal <url>]... [--origin <origin>]... [--port 9250]
                      [--force-protocol tcp|tcp4|tcp6] [--base-port <port>] [--settings <file>]

Serves the local API and the settings page on http://127.0.0.1:<port> (9250 by default) for the
pages of the given portals, and exposes a connected device's services as local ports and a
SOCKS5 proxy. Settings come from ~/.config/fleetgate-connector/settings.json (or
$FLEETGATE_CONNECTOR_SETTINGS, or --settings); options given here override them for this run.
Each service keeps its local port from one connect to the next (ports.json beside the settings
file); --base-port is where ports for new services are looked for (default 9251).
`;

export type CliIo = {
  log: (line: string) => void;
  error: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Resolves when the process is asked to stop (SIGTERM/SIGINT). */
  stopSignal: Promise<string>;
};

/** Runs the connector until stopped; resolves with the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        portal: { type: 'string', multiple: true },
        origin: { type: 'string', multiple: true },
        port: { type: 'string' },
        'force-protocol': { type: 'string' },
        'base-port': { type: 'string' },
        settings: { type: 'string' },
        version: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.log(usage);
    return 0;
  }
  if (values.version) {
    io.log(connectorVersion);
    return 0;
  }
  const port = values.port === undefined ? defaultPort : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.error(`--port is not a port: ${values.port}`);
    return 2;
  }

  try {
    const file = values.settings ?? defaultSettingsPath(io.env);
    const stored = await readSettings(file);
    const overrides: Record<string, unknown> = {};
    if (values.portal) overrides.portals = values.portal;
    if (values.origin) overrides.origins = values.origin;
    if (values['force-protocol'] !== undefined) overrides.forceProtocol = values['force-protocol'];
    if (values['base-port'] !== undefined) overrides.basePort = Number(values['base-port']);
    const result = parseSettings(overrides, stored);
    if (!result.settings) {
      io.error(`Invalid option: ${result.errors.map((e) => e.propertyName).join(', ')}\n\n${usage}`);
      return 2;
    }
    const connector = await startConnector({
      settings: result.settings,
      settingsFile: file,
      port,
      echo: io.log,
    });
    io.log(`Settings page: ${connector.url}/ (settings file ${file})`);
    const signal = await io.stopSignal;
    io.log(`${signal} received, stopping`);
    await connector.close();
    return 0;
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
