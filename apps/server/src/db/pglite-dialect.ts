import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { isIngestWork } from './ingest-priority.ts';
import { ConnectionScheduler, defaultIngestSchedule, type IngestSchedule } from './ingest-scheduler.ts';

/**
 * Kysely dialect for embedded PGlite. PGlite is a single connection, so the driver hands it
 * out to one holder at a time: a transaction keeps it until commit, other queries queue.
 * Ingest work (ingest-priority.ts) queues behind requests (ingest-scheduler.ts), so an API call
 * waits for at most the one batch that holds the connection, not for every batch queued before it.
 */
export class PGliteDialect implements Dialect {
  readonly #db: PGlite;
  readonly #afterQuery: () => void;
  readonly #schedule: IngestSchedule;
  /** `afterQuery` runs once a statement is done, before its caller sees the result (WAL sync). */
  constructor(db: PGlite, afterQuery: () => void = () => {}, schedule = defaultIngestSchedule) {
    this.#db = db;
    this.#afterQuery = afterQuery;
    this.#schedule = schedule;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#db, this.#afterQuery, this.#schedule);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #scheduler: ConnectionScheduler;

  constructor(db: PGlite, afterQuery: () => void, schedule: IngestSchedule) {
    this.#connection = new PGliteConnection(db, afterQuery);
    this.#scheduler = new ConnectionScheduler(schedule);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#scheduler.acquire(isIngestWork());
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    this.#scheduler.release();
  }
  async destroy() {
    await this.#connection.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #db: PGlite;
  readonly #afterQuery: () => void;
  constructor(db: PGlite, afterQuery: () => void) {
    this.#db = db;
    this.#afterQuery = afterQuery;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#db.query<R>(query.sql, [...query.parameters]);
    this.#afterQuery();
    const affected = result.affectedRows === undefined ? undefined : BigInt(result.affectedRows);
    return { rows: result.rows, numAffectedRows: affected };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
  async close() {
    if (!this.#db.closed) await this.#db.close();
  }
}
