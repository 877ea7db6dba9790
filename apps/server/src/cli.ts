import { loadConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resetPassword } from './modules/account/password-reset.service.ts';

const usage = `Usage:
  fleetgate-server reset-password <e-mail address>

reset-password   gives the user a new random password, prints it and ends all of the user's
                 sessions. Uses the server's database: DATABASE_URL (PostgreSQL; works while
                 the server runs) or else the PGlite database in DATA_DIR (default ./data; stop
                 the server first, as PGlite cannot be opened by two processes).
Start the server itself with \`npm start\` (or \`node apps/server/src/main.ts\`).
`;

export type CliIo = {
  log: (line: string) => void;
  error: (line: string) => void;
  env: NodeJS.ProcessEnv;
};

/** Runs one command; resolves with the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.error(usage);
    return 2;
  }
  switch (command) {
    case 'reset-password':
      return resetPasswordCommand(rest, io);
    case 'help':
    case '--help':
    case '-h':
      io.log(usage);
      return 0;
    default:
      io.error(`Unknown command "${command}".\n\n${usage}`);
      return 2;
  }
}

async function resetPasswordCommand(args: string[], io: CliIo): Promise<number> {
  const [emailAddress, ...extra] = args;
  if (emailAddress === undefined || emailAddress.startsWith('-') || extra.length > 0) {
    io.error(`reset-password takes exactly one e-mail address.\n\n${usage}`);
    return 2;
  }
  const config = loadConfig(io.env);
  let db: Db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    io.error(
      `The Fleetgate server (process ${error.pid}) has the PGlite database in ${error.dataDir} open, ` +
        'and PGlite cannot be opened by two processes at once. Stop the server (Ctrl+C), run ' +
        'this command again, then start the server. With DATABASE_URL (PostgreSQL) it works while the server runs.',
    );
    return 1;
  }
  try {
    await migrateToLatest(db);
    const reset = await resetPassword(db, emailAddress);
    if (!reset) {
      io.error(`No user has the e-mail address ${emailAddress}; nothing was changed.`);
      return 1;
    }
    io.log(`New password for ${reset.emailAddress}: ${reset.password}`);
    io.log(
      `All sessions of this user have ended. Log in at ${config.publicUrl}/login and choose your own password under My account.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
