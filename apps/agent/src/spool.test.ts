import { mkdtemp, readdir, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Spool, type SpooledSample } from './spool.ts';

const samples = (from: number, count: number): SpooledSample[] =>
  Array.from({ length: count }, (_, i) => ['abcdefghijkl', from + i, from + i]);

describe('spool', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-spool-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('hands out the oldest samples first and removes only what was acknowledged', async () => {
    const spool = await Spool.open({ dir, maxSamples: 1000 });
    expect(await spool.peek(10)).toBeNull();
    await spool.append(samples(0, 120));
    expect(spool.size).toBe(120);
    const first = (await spool.peek(30))!;
    expect(first.samples.map(([, t]) => t)).toEqual(samples(0, 30).map(([, t]) => t));
    // Not acknowledged: the same batch again.
    expect((await spool.peek(30))!.samples).toEqual(first.samples);
    await spool.ack(first);
    expect(spool.size).toBe(90);
    const times: number[] = [];
    for (let batch = await spool.peek(25); batch; batch = await spool.peek(25)) {
      times.push(...batch.samples.map(([, t]) => t));
      await spool.ack(batch);
    }
    expect(times).toEqual(Array.from({ length: 90 }, (_, i) => 30 + i));
    expect(spool.size).toBe(0);
  });

  it('drops the oldest when full and counts them until a batch reports them', async () => {
    // 100 samples in files of 5: a full spool drops whole files of the oldest.
    const spool = await Spool.open({ dir, maxSamples: 100 });
    await spool.append(samples(0, 100));
    expect(spool.dropped).toBe(0);
    await spool.append(samples(100, 30));
    expect(spool.size).toBe(100);
    expect(spool.dropped).toBe(30);
    const batch = (await spool.peek(10))!;
    expect(batch.samples.map(([, t]) => t)).toEqual([30, 31, 32, 33, 34]);
    expect(batch.dropped).toBe(30);
    // While the batch is on its way the spool fills again: the batch's own samples are dropped.
    await spool.append(samples(130, 5));
    expect(spool.dropped).toBe(35);
    await spool.ack(batch);
    // The 30 the batch reported are done; the 5 dropped since are still to be reported.
    expect(spool.dropped).toBe(5);
    expect(spool.size).toBe(100);
    expect((await spool.peek(1))!.samples[0]![1]).toBe(35);
  });

  it('keeps samples, position and the dropped count across a reopen, and skips a torn line', async () => {
    const first = await Spool.open({ dir, maxSamples: 100 });
    await first.append(samples(0, 130));
    expect(first.dropped).toBe(30);
    const batch = (await first.peek(3))!;
    await first.ack(batch);
    await first.append(samples(130, 2));
    expect(first.size).toBe(99);
    const segments = (await readdir(dir)).filter((n) => n.startsWith('segment-')).sort();
    // A crash in the middle of a write leaves half a line.
    await appendFile(path.join(dir, segments.at(-1)!), '["abcdefghijkl",99');

    const again = await Spool.open({ dir, maxSamples: 100 });
    expect(again.size).toBe(99);
    expect(again.dropped).toBe(0);
    await again.append(samples(132, 1));
    const all: number[] = [];
    for (let b = await again.peek(50); b; b = await again.peek(50)) {
      all.push(...b.samples.map(([, t]) => t));
      await again.ack(b);
    }
    expect(all).toEqual(Array.from({ length: 100 }, (_, i) => 33 + i));
  });
});
