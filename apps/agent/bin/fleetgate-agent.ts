#!/usr/bin/env node
// The agent runs without a build step: Node.js 24 strips the TypeScript types itself. From the
// repository, `npx fleetgate-agent` uses the Node.js 24 that `npm install` puts in node_modules.
import { accountExternalMemoryWithHeap } from '@fleetgate/tunnel-protocol';
import { main } from '../src/cli.ts';

// Tunnel chunks are short-lived Buffers: collect them at the heap's pace (see the function).
accountExternalMemoryWithHeap('agent');

const stopSignal = new Promise<string>((resolve) => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
});
const code = await main(process.argv.slice(2), {
  log: (line) => process.stdout.write(line + '\n'),
  error: (line) => process.stderr.write(line + '\n'),
  env: process.env,
  stopSignal,
});
process.exit(code);
