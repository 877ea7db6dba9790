import { describe, expect, it } from 'vitest';
import { batched, Failed, firstOfEachKey } from './batched.ts';
import type { Db } from './client.ts';

// The helper keys its queues by database and asks only whether it is a transaction.
const database = () => ({ isTransaction: false }) as Db;
const transaction = () => ({ isTransaction: true }) as Db;

/** A batched double-the-number whose batches the test releases one at a time. */
function doubling() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = batched(async (_db: Db, inputs: number[]) => {
    batches.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((n) => (n < 0 ? new Failed(new Error(`negative ${n}`)) : n * 2));
  });
  const releaseNext = async () => {
    for (let i = 0; i < 50 && releases.length === 0; i++) await new Promise((r) => setImmediate(r));
    releases.shift()!();
  };
  return { run, batches, releaseNext };
}

describe('batched', () => {
  it('runs a call alone at once, and the calls made meanwhile together next', async () => {
    const { run, batches, releaseNext } = doubling();
    const db = database();
    const first = run(db, 1);
    expect(batches).toEqual([[1]]);
    const later = [run(db, 2), run(db, 3), run(db, 4)];
    expect(batches).toHaveLength(1);
    await releaseNext();
    expect(await first).toBe(2);
    await releaseNext();
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps the queues of different databases apart', async () => {
    const { run, batches, releaseNext } = doubling();
    const [a, b] = [database(), database()];
    const calls = [run(a, 1), run(b, 2)];
    expect(batches).toEqual([[1], [2]]);
    await releaseNext();
    await releaseNext();
    expect(await Promise.all(calls)).toEqual([2, 4]);
  });

  it('fails only the call whose answer is a Failed, and every call of a batch that throws', async () => {
    const { run, releaseNext } = doubling();
    const db = database();
    const first = run(db, 1);
    const mixed = [run(db, -1), run(db, 5)];
    await releaseNext();
    await first;
    await releaseNext();
    await expect(mixed[0]).rejects.toThrow('negative -1');
    expect(await mixed[1]).toBe(10);

    let batchNumber = 0;
    const flaky = batched(async (_db: Db, inputs: number[]) => {
      batchNumber += 1;
      await new Promise((resolve) => setImmediate(resolve));
      if (batchNumber === 2) throw new Error('database gone');
      return inputs;
    });
    const alone = flaky(db, 1);
    const failing = [flaky(db, 2), flaky(db, 3)];
    expect(await alone).toBe(1);
    // Made while the failing batch runs: it goes in the next one, which works again.
    const after = flaky(db, 4);
    for (const call of failing) await expect(call).rejects.toThrow('database gone');
    expect(await after).toBe(4);
  });

  it('runs at once in a transaction, without waiting for other callers', async () => {
    const { run, batches, releaseNext } = doubling();
    const db = database();
    const outside = run(db, 1);
    const inside = run(transaction(), 3);
    expect(batches).toEqual([[1], [3]]);
    await releaseNext();
    await releaseNext();
    expect([await outside, await inside]).toEqual([2, 6]);
  });
});

describe('firstOfEachKey', () => {
  it('splits the first input of each key from the ones that repeat a key', () => {
    expect(firstOfEachKey([5, 6, 5, 7, 6, 5], (n) => n)).toEqual({ first: [0, 1, 3], again: [2, 4, 5] });
  });
});
