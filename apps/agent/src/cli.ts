import path from 'node:path';
import { parseArgs } from 'node:util';
import { screensaverPollSeconds } from '@fleetgate/contracts';
import { AgentRunner } from './agent-runner.ts';
import { defaultConfigPath, readConfig, writeConfig, type AgentConfig } from './config.ts';
import { DataLogger } from './data-logger.ts';
import { enroll } from './enroll.ts';
import { ScreensaverSync } from './screensaver.ts';
import { formatServiceSpec, parseServiceSpec, type LanService } from './services.ts';
import { startSimulator, type Simulator } from './simulator.ts';
import { defaultSpoolSamples } from './spool.ts';

const usage = `Usage:
  fleetgate-agent enroll --server <url> --token=<token> [--service name=[type://]host:port]... [--simulate] [--config <path>]
  fleetgate-agent run [--config <path>] [--simulate] [--screensaver-interval <seconds>] [--spool-samples <count>]

enroll   exchanges the one-time token from the console for this agent's credential and writes
         the configuration (default ~/.config/fleetgate-agent/config.json or $FLEETGATE_AGENT_CONFIG).
         --service adds a LAN service the agent may reach (repeatable); an optional type
         (http://, https://, vnc://, tcp://) tells the portal how to open it, else the server
         guesses by port. --simulate adds demo services (an HTTP HMI page, a TCP echo service,
         the HMI screen over VNC and a machine over Modbus TCP) that 'run' starts on this machine.
run      keeps the connection to the relay and bridges tunnels to the configured services only.
         It also fetches the display screensaver the company set for this agent, on attach and
         every --screensaver-interval seconds (default ${screensaverPollSeconds}), and keeps it next to the
         configuration (screensaver.img); with --simulate the HMI page shows it.
         Data logging: the server sends which Modbus tags to read; the agent keeps that
         (data-config.json) and the samples it could not send yet (spool/, at most
         --spool-samples, default ${defaultSpoolSamples}, oldest dropped first) next to the configuration.
`;

export type CliIo = {
  log: (line: string) => void;
  error: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Resolves when the process is asked to stop (SIGTERM/SIGINT). */
  stopSignal: Promise<string>;
};

/** Runs one command; resolves with the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'enroll':
        return await enrollCommand(rest, io);
      case 'run':
        return await runCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.log(usage);
        return 0;
      case undefined:
        io.error(usage);
        return 2;
      default:
        io.error(`Unknown command: ${command}\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function enrollCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      service: { type: 'string', multiple: true },
      simulate: { type: 'boolean' },
      config: { type: 'string' },
    },
  });
  if (!values.server || !values.token) throw new Error(`--server and --token are required\n\n${usage}`);
  const services = (values.service ?? []).map(parseServiceSpec);
  if (values.simulate) services.push(...(await freeSimulatorServices()));
  if (services.length === 0) throw new Error('Give at least one --service name=host:port (or --simulate)');
  const names = new Set<string>();
  for (const service of services) {
    if (names.has(service.name.toLowerCase())) throw new Error(`Service ${service.name} is given twice`);
    names.add(service.name.toLowerCase());
  }

  const enrolment = await enroll(values.server, values.token, services);
  const file = values.config ?? defaultConfigPath(io.env);
  const config: AgentConfig = {
    server: values.server.replace(/\/+$/, ''),
    agentId: enrolment.agentId,
    credential: enrolment.credential,
    relayUrl: enrolment.relayUrl,
    services,
    ...(values.simulate ? { simulate: true } : {}),
  };
  await writeConfig(file, config);
  io.log(`Enrolled as agent ${enrolment.agentId}; configuration written to ${file}`);
  for (const s of services) io.log(`  service ${formatServiceSpec(s).replace('=', ' = ')}`);
  io.log(`Start it with: npx fleetgate-agent run${values.config ? ` --config ${file}` : ''}`);
  return 0;
}

async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      config: { type: 'string' },
      simulate: { type: 'boolean' },
      'screensaver-interval': { type: 'string' },
      'spool-samples': { type: 'string' },
    },
  });
  const spoolSamples = Number(values['spool-samples'] ?? defaultSpoolSamples);
  if (!Number.isInteger(spoolSamples) || spoolSamples < 1000 || spoolSamples > 100_000_000)
    throw new Error('--spool-samples takes a count from 1000 to 100000000');
  const intervalSeconds = Number(values['screensaver-interval'] ?? screensaverPollSeconds);
  if (!Number.isFinite(intervalSeconds) || intervalSeconds < 1 || intervalSeconds > 86_400)
    throw new Error('--screensaver-interval takes seconds from 1 to 86400');
  const file = values.config ?? defaultConfigPath(io.env);
  const config = await readConfig(file);
  const line = (text: string) => io.log(`${new Date().toISOString()} ${text}`);

  let simulator: Simulator | undefined;
  if (values.simulate || config.simulate) {
    simulator = await startSimulator('Simulated PLC', simulatorPorts(config.services));
    line(`simulator: ${simulator.services.map((s) => `${s.name} on ${s.host}:${s.port}`).join(', ')}`);
    // The HMI page is where a person trips the machine's alarm bit or switches the pump.
    const hmi = simulator.services.find((s) => s.name === 'hmi');
    if (hmi) line(`simulator: HMI page at http://${hmi.host}:${hmi.port}/ (Trip alarm, Reset alarm)`);
  }
  line(`agent ${config.agentId}: services ${config.services.map((s) => s.name).join(', ')}`);
  const screensaver = await new ScreensaverSync({
    server: config.server,
    credential: config.credential,
    dir: path.dirname(path.resolve(file)),
    intervalMs: intervalSeconds * 1000,
    log: line,
    onChange: (image) => {
      simulator?.setScreensaver(image);
      line(
        image ? `display: showing the screensaver (${image.bytes.length} bytes)` : 'display: no screensaver',
      );
    },
  }).start();
  const dataLogger = await DataLogger.start({
    dir: path.dirname(path.resolve(file)),
    server: config.server,
    credential: config.credential,
    services: config.services,
    spoolSamples,
    log: line,
  });
  const runner = new AgentRunner({
    relayUrl: config.relayUrl,
    credential: config.credential,
    services: config.services,
    log: line,
    onDataConfig: (stream) => void dataLogger.receive(stream),
  });
  runner.on('attached', () => {
    void screensaver.refresh();
    dataLogger.nudge();
  });
  runner.start();

  const signal = await io.stopSignal;
  line(`${signal} received, stopping`);
  await runner.stop();
  await dataLogger.stop();
  await screensaver.stop();
  await simulator?.close();
  return 0;
}

/** Picks free loopback ports for the demo services, which `run` then starts on those ports. */
async function freeSimulatorServices(): Promise<LanService[]> {
  const probe = await startSimulator();
  await probe.close();
  return probe.services;
}

function simulatorPorts(services: LanService[]) {
  const port = (name: string) =>
    services.find((s) => s.name === name && (s.host === '127.0.0.1' || s.host === 'localhost'))?.port;
  return { hmi: port('hmi'), echo: port('echo'), vnc: port('vnc'), modbus: port('modbus') };
}
