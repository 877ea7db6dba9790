import { loadConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resetPassword } from './modules/account/password-reset.service.ts';
import { sectorLegalTextCommand, sectorLegalTextUsage } from './modules/terms/terms.cli.ts';
import {
  companyCommand,
  sectorCommand as sectorBrandingCommand,
  sectorHelp,
  sectorUsage,
} from './modules/sectors/sector.cli.ts';
import { couponCommand, licenceCommand, licenceHelp, licenceUsage } from './modules/licences/licence.cli.ts';

const usage = `Usage:
  fleetgate-server reset-password <e-mail address>
${sectorUsage}
${sectorLegalTextUsage}
${licenceUsage}

reset-password   gives the user a new random password, prints it and ends all of the user's
                 sessions. Uses the server's database: DATABASE_URL (PostgreSQL; works while
                 the server runs) or else the PGlite database in DATA_DIR (default ./data; stop
                 the server first, as PGlite cannot be opened by two processes).
${sectorHelp}
${licenceHelp}
Every command uses the same database as reset-password.
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
    case 'sector':
      return sectorCommand(rest, io);
    case 'company':
      return withDatabase(io, (db) => companyCommand(db, rest[0], rest.slice(1), io));
    case 'licence':
      return withDatabase(io, (db) => licenceCommand(db, rest[0], rest.slice(1), io));
    case 'coupon':
      return withDatabase(io, (db) => couponCommand(db, rest[0], rest.slice(1), io));
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

async function sectorCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'terms' || sub === 'privacy-statement')
    return withDatabase(io, (db) => sectorLegalTextCommand(db, sub, rest, io));
  if (sub === 'create' || sub === 'branding' || sub === 'attach' || sub === 'list') {
    const { publicUrl } = loadConfig(io.env);
    return withDatabase(io, (db) => sectorBrandingCommand(db, sub, rest, io, publicUrl));
  }
  io.error(`Unknown sector command "${sub ?? ''}".\n\n${usage}`);
  return 2;
}

/** Opens the server's database (migrated) for one command; 1 when the server holds PGlite's. */
async function withDatabase(io: CliIo, use: (db: Db) => Promise<number>): Promise<number> {
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
    return await use(db);
  } finally {
    await db.destroy();
  }
}

async function resetPasswordCommand(args: string[], io: CliIo): Promise<number> {
  const [emailAddress, ...extra] = args;
  if (emailAddress === undefined || emailAddress.startsWith('-') || extra.length > 0) {
    io.error(`reset-password takes exactly one e-mail address.\n\n${usage}`);
    return 2;
  }
  const config = loadConfig(io.env);
  return withDatabase(io, async (db) => {
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
  });
}
