import { describe, expect, it } from 'vitest';
import { parsePayload, TagSampler, type TagSampling } from './mqtt-collector-sampling.ts';

const parse = (text: string) => parsePayload(Buffer.from(text));

describe('parsePayload', () => {
  it('reads number text, booleans and JSON objects with a value', () => {
    expect(parse('21.5')).toBe(21.5);
    expect(parse(' -3e2\n')).toBe(-300);
    expect(parse('+7')).toBe(7);
    expect(parse('.5')).toBe(0.5);
    expect(parse('true')).toBe(1);
    expect(parse('false')).toBe(0);
    expect(parse('{"value": 4.25, "unit": "bar"}')).toBe(4.25);
    expect(parse('{"value": true}')).toBe(1);
  });

  it('ignores everything else', () => {
    for (const text of [
      '',
      'abc',
      '0x10',
      '1,5',
      'NaN',
      'Infinity',
      '1e999',
      '{"value": "21"}',
      '{"value": null}',
      '{"v": 1}',
      '{"value": 1',
      '[1]',
      '"1"',
      'TRUE',
      '1'.repeat(300),
    ])
      expect([text.slice(0, 20), parse(text)]).toEqual([text.slice(0, 20), undefined]);
    expect(parsePayload(Buffer.from([0xff, 0xfe]))).toBeUndefined();
  });
});

const sampler = (settings: Partial<TagSampling> = {}, last: number | null = null) =>
  new TagSampler(
    { intervalSeconds: 1, logMode: 'interval', scale: 1, dataType: 'float64', ...settings },
    last,
  );

describe('TagSampler', () => {
  const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('keeps the newest value of each interval, stamped with its start, once the interval is over', () => {
    const s = sampler({ intervalSeconds: 10 });
    expect(s.offer(1, t0 + 1200)).toBeUndefined();
    expect(s.offer(2, t0 + 9999)).toBeUndefined();
    expect(s.due(t0 + 9999)).toBeUndefined();
    expect(s.due(t0 + 10_000)).toEqual({ time: t0, value: 2 });
    expect(s.due(t0 + 20_000)).toBeUndefined();
    // A message of a later interval closes the earlier one at once.
    expect(s.offer(3, t0 + 25_000)).toBeUndefined();
    expect(s.offer(4, t0 + 31_000)).toEqual({ time: t0 + 20_000, value: 3 });
    expect(s.due(t0 + 40_000)).toEqual({ time: t0 + 30_000, value: 4 });
  });

  it('gives two processes seeing the same messages the same sample', () => {
    const a = sampler({ intervalSeconds: 60 });
    const b = sampler({ intervalSeconds: 60 });
    a.offer(5, t0 + 100);
    b.offer(5, t0 + 130);
    a.offer(6, t0 + 59_000);
    b.offer(6, t0 + 59_020);
    expect(a.due(t0 + 60_500)).toEqual(b.due(t0 + 61_700));
  });

  it('logs a change tag only when its value changed, starting from the stored one', () => {
    const s = sampler({ logMode: 'change' }, 5);
    s.offer(5, t0);
    expect(s.due(t0 + 1000)).toBeUndefined();
    s.offer(6, t0 + 1000);
    expect(s.due(t0 + 2000)).toEqual({ time: t0 + 1000, value: 6 });
    s.offer(6, t0 + 2000);
    expect(s.due(t0 + 3000)).toBeUndefined();
    expect(s.lastValue).toBe(6);
  });

  it('scales values, reads bools as 0 or 1 and refuses values out of range', () => {
    expect(sampler({ scale: 0.1 }).scaled(215)).toBeCloseTo(21.5);
    expect(sampler({ dataType: 'bool', scale: 1 }).scaled(7)).toBe(1);
    expect(sampler({ dataType: 'bool' }).scaled(0)).toBe(0);
    expect(sampler({ scale: 1e10 }).scaled(1e299)).toBeUndefined();
  });
});
