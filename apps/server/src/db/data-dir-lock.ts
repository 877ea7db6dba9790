import fs from 'node:fs';
import path from 'node:path';

/** The file in a PGlite data directory naming the process that has the database open. */
export const lockFileName = 'fleetgate.pid';

/** The PGlite database is open in another process: a server, or a command such as reset-password. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The database in ${dataDir} is in use by process ${pid} (a running Fleetgate server?). ` +
        'PGlite cannot be opened by two processes at once: stop that process first. ' +
        `If no such process runs, delete ${path.join(dataDir, lockFileName)}.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a PGlite data directory for this process, as PostgreSQL's postmaster.pid does: two
 * processes writing one PGlite database corrupt it. A lock left by a process that no longer
 * runs is taken over. Returns the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, lockFileName);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder > 0 && isRunning(holder))
        throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
