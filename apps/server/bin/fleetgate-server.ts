#!/usr/bin/env node
// Maintenance commands next to the server (`npx fleetgate-server reset-password <e-mail>`).
// Runs without a build step: Node.js 24 strips the TypeScript types itself; from the
// repository, `npx` uses the Node.js 24 that `npm install` puts in node_modules.
import { main } from '../src/cli.ts';

try {
  process.exitCode = await main(process.argv.slice(2), {
    log: (line) => process.stdout.write(line + '\n'),
    error: (line) => process.stderr.write(line + '\n'),
    env: process.env,
  });
} catch (error) {
  process.stderr.write(`fleetgate-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
