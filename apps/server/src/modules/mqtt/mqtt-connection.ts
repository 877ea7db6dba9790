import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import {
  errorMessages,
  mqttConnectionTestTimeoutMs,
  mqttDefaultPorts,
  type MqttConnectionTestResult,
  type MqttUrlScheme,
} from '@fleetgate/contracts';
import {
  checkDestination,
  DestinationNotAllowedError,
  pinnedLookup,
  type CheckedAddress,
  type OutboundPolicy,
} from '../../net/outbound-guard.ts';

export type BrokerSettings = {
  url: string;
  clientId: string | null | undefined;
  username: string | null | undefined;
  password: string | null | undefined;
};

const reasonMaxLength = 300;

/**
 * Connects to a broker once, subscribing to nothing, and disconnects: the answer says whether
 * the settings work and how long the handshake took. Never waits longer than `timeoutMs`.
 * The broker's address is resolved and checked once (net/outbound-guard.ts) and the client
 * connects to that address: a refused target is never connected to, so its answer cannot tell
 * an open port from a closed one.
 */
export function testMqttConnection(
  settings: BrokerSettings,
  policy: OutboundPolicy,
  timeoutMs = mqttConnectionTestTimeoutMs,
): Promise<MqttConnectionTestResult> {
  const url = new URL(settings.url);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    let client: MqttClient | undefined;
    const finish = (result: MqttConnectionTestResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // A polite DISCONNECT after success; after a failure just drop the socket.
      client?.end(!result.connected);
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ connected: false, error: `No answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    checkDestination(url.hostname, policy).then(
      (destination) => {
        if (done) return;
        client = connectTo(url, destination, settings, timeoutMs);
        watch(client, url, started, finish);
      },
      (error: unknown) => finish({ connected: false, error: describeFailure(error as Error, url) }),
    );
  });
}

/**
 * A client of one connection (no reconnection of its own) to the address `checkDestination`
 * answered for `url`'s host; the server's MQTT collector connects the same way.
 */
export function connectTo(
  url: URL,
  destination: CheckedAddress,
  settings: BrokerSettings,
  timeoutMs: number,
) {
  const scheme = url.protocol.slice(0, -1) as MqttUrlScheme;
  // Plain TCP hands mqtt.js's socket only host and port: give it the checked address. TLS and
  // WebSockets keep the name (SNI, certificate, Host header) and get the address by `lookup`.
  const lookup = pinnedLookup(destination);
  const target =
    scheme === 'mqtt'
      ? { hostname: destination.address }
      : scheme === 'mqtts'
        ? { lookup }
        : { wsOptions: { lookup } };
  return connect(url.href, {
    clientId: settings.clientId ?? `fleetgate-test-${randomBytes(6).toString('hex')}`,
    ...(settings.username == null ? {} : { username: settings.username }),
    ...(settings.password == null ? {} : { password: settings.password }),
    protocolVersion: 4,
    clean: true,
    // Our own timer decides, with a clear reason; the client's would only close the socket.
    connectTimeout: timeoutMs + 1000,
    reconnectPeriod: 0,
    rejectUnauthorized: true,
    ...target,
  });
}

function watch(
  client: MqttClient,
  url: URL,
  started: number,
  finish: (result: MqttConnectionTestResult) => void,
) {
  let firstError: Error | undefined;
  client.on('connect', () =>
    finish({ connected: true, latencyMs: Math.max(1, Math.round(performance.now() - started)) }),
  );
  // Stays attached after finishing: an 'error' event without a listener would crash the process.
  client.on('error', (error) => {
    firstError ??= error;
  });
  client.on('close', () =>
    finish({
      connected: false,
      error: firstError ? describeFailure(firstError, url) : 'The broker closed the connection',
    }),
  );
}

function describeFailure(error: Error & { code?: unknown }, url: URL): string {
  const scheme = url.protocol.slice(0, -1) as MqttUrlScheme;
  const host = url.hostname;
  const address = `${host}:${url.port || mqttDefaultPorts[scheme]}`;
  const code = typeof error.code === 'string' ? error.code : '';
  if (error instanceof DestinationNotAllowedError) return errorMessages.destinationNotAllowed;
  switch (code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${address}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Host not found: ${host}`;
    case 'ECONNRESET':
      return `Connection reset by ${address}; check the scheme and the port`;
    case 'ETIMEDOUT':
      return `No answer from ${address}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Host unreachable: ${host}`;
  }
  const reason = /CERT|TLS|SSL/.test(code) ? `TLS: ${error.message}` : error.message;
  return reason.length > reasonMaxLength ? `${reason.slice(0, reasonMaxLength - 1)}…` : reason;
}
