import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The parts of Emscripten's NODEFS this file system relies on (stable across Emscripten releases). */
type NodeStream = { nfd?: number; path?: string; node: { mode: number } };
type StreamOps = {
  write: (stream: NodeStream, ...rest: unknown[]) => number;
  close: (stream: NodeStream) => void;
  fsync?: (stream: NodeStream) => number;
};
type EmscriptenModule = {
  FS: {
    filesystems: { NODEFS: { stream_ops: StreamOps; realPath: (node: unknown) => string } };
    isDir: (mode: number) => boolean;
  };
};

/**
 * PGlite's data directory with real fsync. Inside PGlite, PostgreSQL runs with fsync on and
 * wal_sync_method fdatasync, but Emscripten drops both calls on the way to the disk (NODEFS has
 * no fsync; fdatasync is a no-op syscall), so an acknowledged commit sat in the OS page cache
 * and an OS crash or power loss could lose it. Here fsync reaches the disk (checkpoints,
 * pg_control, directories), and `flushWal()` syncs the WAL written since the last call: the
 * dialect calls it after every statement, before anyone sees the commit's result. PostgreSQL's
 * own config files are not read by PGlite, so wal_sync_method cannot be switched instead.
 */
export class DurableNodeFS extends NodeFS {
  readonly #sync: (fd: number) => void;
  /** Host descriptors of WAL files written and not yet synced. */
  readonly #unsyncedWal = new Set<number>();

  constructor(dataDir: string, sync: (fd: number) => void = fs.fsyncSync) {
    super(dataDir);
    this.#sync = sync;
  }

  override async init(pg: PGlite, options: Partial<PostgresModule>) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: unknown) => this.#patch((module as EmscriptenModule).FS),
    ];
    return result;
  }

  /** Syncs every WAL file written since the last call; a commit is durable once this returns. */
  flushWal() {
    for (const fd of this.#unsyncedWal) {
      this.#sync(fd);
      this.#unsyncedWal.delete(fd);
    }
  }

  #patch(FS: EmscriptenModule['FS']) {
    const nodefs = FS.filesystems.NODEFS;
    const ops = nodefs.stream_ops;
    const { write, close } = ops;
    ops.write = (stream, ...rest) => {
      const written = write(stream, ...rest);
      if (stream.nfd !== undefined && stream.path?.includes('/pg_wal/')) this.#unsyncedWal.add(stream.nfd);
      return written;
    };
    // A WAL segment closed before the next flush is synced first: its descriptor may be reused.
    ops.close = (stream) => {
      if (stream.nfd !== undefined && this.#unsyncedWal.delete(stream.nfd)) this.#sync(stream.nfd);
      close(stream);
    };
    ops.fsync = (stream) => {
      if (stream.nfd !== undefined) {
        this.#sync(stream.nfd);
      } else if (FS.isDir(stream.node.mode)) {
        // Directories are opened without a host descriptor; new and renamed files need theirs synced.
        const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
        try {
          this.#sync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
      return 0;
    };
  }
}
