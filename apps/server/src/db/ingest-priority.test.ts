import { setImmediate as turn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { asIngestWork, isIngestWork } from './ingest-priority.ts';
import { IngestQueueFullError, type IngestSchedule } from './ingest-scheduler.ts';
import { PGliteDialect } from './pglite-dialect.ts';

const pglite = await PGlite.create();
afterAll(() => pglite.close());

/** A database on the shared PGlite with its own schedule (each driver has its own queue). */
const open = (schedule: IngestSchedule) =>
  new Kysely<unknown>({ dialect: new PGliteDialect(pglite, () => {}, schedule) });

/** Holds the connection in a request's transaction until `release` is called. */
async function holdConnection(db: Kysely<unknown>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await released;
  });
  await held;
  return { release, done };
}

const batch = (db: Kysely<unknown>, order: string[], name: string) =>
  asIngestWork(() =>
    db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await sql`select 2`.execute(trx);
      order.push(name);
    }),
  );

describe('ingest work on PGlite', () => {
  it('is known to every query it makes, however deep', async () => {
    expect(isIngestWork()).toBe(false);
    await asIngestWork(async () => {
      await turn();
      expect(isIngestWork()).toBe(true);
    });
  });

  it('waits behind requests that queued after it: a request waits for one batch, not all', async () => {
    const db = open({ graceMs: 1, maxIngestWaitMs: 60_000, maxIngestWaiting: 32 });
    const order: string[] = [];
    const { release, done } = await holdConnection(db);
    const batches = [batch(db, order, 'batch 1'), batch(db, order, 'batch 2')];
    await turn();
    const request = sql`select 1`.execute(db).then(() => order.push('request'));
    // Everything is queued for the connection before the holder lets go.
    await turn();
    release();
    await Promise.all([done, ...batches, request]);
    expect(order).toEqual(['request', 'batch 1', 'batch 2']);
  });

  it("lets a request's queries follow one another before a waiting batch starts", async () => {
    const db = open({ graceMs: 1000, maxIngestWaitMs: 60_000, maxIngestWaiting: 32 });
    const order: string[] = [];
    const { release, done } = await holdConnection(db);
    const waiting = batch(db, order, 'batch');
    const request = (async () => {
      await sql`select 1`.execute(db);
      order.push('request query 1');
      // The request's own work between its queries (parsing, checks) takes a moment.
      await turn();
      await sql`select 2`.execute(db);
      order.push('request query 2');
    })();
    await turn();
    release();
    await Promise.all([done, waiting, request]);
    expect(order).toEqual(['request query 1', 'request query 2', 'batch']);
  });

  it('lets a batch that waited its longest go before the next request', async () => {
    const db = open({ graceMs: 1000, maxIngestWaitMs: 0, maxIngestWaiting: 32 });
    const order: string[] = [];
    const { release, done } = await holdConnection(db);
    const waiting = batch(db, order, 'batch');
    await turn();
    const request = sql`select 1`.execute(db).then(() => order.push('request'));
    await turn();
    release();
    await Promise.all([done, waiting, request]);
    expect(order).toEqual(['batch', 'request']);
  });

  it('refuses a batch once as many as the schedule allows wait, and takes batches again when they went', async () => {
    const db = open({ graceMs: 1, maxIngestWaitMs: 60_000, maxIngestWaiting: 2 });
    const order: string[] = [];
    const { release, done } = await holdConnection(db);
    const waiting = [batch(db, order, 'batch 1'), batch(db, order, 'batch 2')];
    await turn();
    await expect(batch(db, order, 'batch 3')).rejects.toBeInstanceOf(IngestQueueFullError);
    release();
    await Promise.all([done, ...waiting]);
    await batch(db, order, 'batch 4');
    expect(order).toEqual(['batch 1', 'batch 2', 'batch 4']);
  });
});
