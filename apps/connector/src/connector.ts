import http from 'node:http';
import type net from 'node:net';
import { ConnectionManager } from './connection-manager.ts';
import { createRequestHandler, type LocalApiContext } from './local-api.ts';
import { LogBuffer } from './log-buffer.ts';
import { PortalClient } from './portal-client.ts';
import { apiPort, PortBook, portsPath, readPorts } from './ports.ts';
import { writeSettings, type Settings } from './settings.ts';
import { StatusSocket } from './status-socket.ts';
import { StatusStore } from './status.ts';
import { TokenCheck } from './token-check.ts';
import { connectorVersion } from './version.ts';

export const defaultPort = 9250;

export type ConnectorOptions = {
  settings: Settings;
  /**
   * Where the settings page saves; ports.json beside it remembers the local ports. Without it
   * changes and ports last until the process ends.
   */
  settingsFile?: string | undefined;
  /** 9250 by default; 0 picks a free port (tests). Always on 127.0.0.1. */
  port?: number;
  /** Every log line also goes here (the CLI prints them). */
  echo?: (line: string) => void;
};

export type Connector = {
  readonly port: number;
  readonly url: string;
  readonly status: StatusStore;
  readonly log: LogBuffer;
  readonly ports: PortBook;
  settings: () => Settings;
  close: () => Promise<void>;
};

/** Starts the local API on 127.0.0.1 (never another address: it hands out device access). */
export async function startConnector(options: ConnectorOptions): Promise<Connector> {
  let settings = options.settings;
  let port = 0;
  const status = new StatusStore(connectorVersion);
  const log = new LogBuffer(500, options.echo);
  const clients = new Map<string, PortalClient>();
  const manager = new ConnectionManager(status, log);
  const portsFile = options.settingsFile && portsPath(options.settingsFile);
  const ports = new PortBook(portsFile ? await readPorts(portsFile) : { socksPort: null, services: [] }, {
    file: portsFile,
    // 9250 stays free for the connector even when a test runs this one elsewhere.
    reserved: () => [...new Set([apiPort, port])],
    log: (line) => log.write(line),
  });
  const ctx: LocalApiContext = {
    port: () => port,
    settings: () => settings,
    saveSettings: async (next) => {
      if (options.settingsFile) await writeSettings(options.settingsFile, next);
      settings = next;
    },
    portalClient: (portal) => {
      let client = clients.get(portal);
      if (!client) clients.set(portal, (client = new PortalClient(portal)));
      return client;
    },
    status,
    log,
    manager,
    ports,
    tokens: new TokenCheck(),
  };

  const server = http.createServer(
    { requestTimeout: 30_000, headersTimeout: 10_000 },
    createRequestHandler(ctx),
  );
  const statusSocket = new StatusSocket(ctx);
  server.on('upgrade', statusSocket.handleUpgrade);
  server.on('clientError', (_error, socket: net.Socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? defaultPort, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as net.AddressInfo).port;
  log.write(
    `connector ${connectorVersion} listening on http://127.0.0.1:${port} for ${settings.portals.join(', ')}`,
  );

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    status,
    log,
    ports,
    settings: () => settings,
    close: async () => {
      await manager.close();
      await ports.flushed();
      statusSocket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
