import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, scaleBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('uses decimal units with one decimal, whole bytes below 1 kB', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1000, 'en')).toBe('1.0 kB');
    expect(formatBytes(123_457, 'en')).toBe('123.5 kB');
    expect(formatBytes(246_950, 'en')).toBe('247.0 kB');
    expect(formatBytes(5_242_880, 'en')).toBe('5.2 MB');
    expect(formatBytes(3_500_000_000, 'en')).toBe('3.5 GB');
    expect(formatBytes(7e15, 'en')).toBe('7,000.0 TB');
  });
  it('does not round up to "1000.0 kB"', () => {
    expect(scaleBytes(999_960)).toMatchObject({ unit: 'MB', decimals: 1 });
    expect(formatBytes(999_960, 'en')).toBe('1.0 MB');
  });
  it('writes numbers in the UI language', () => {
    expect(formatBytes(123_457, 'de')).toBe('123,5 kB');
    expect(formatCount(123_457, 'de')).toBe('123.457');
    expect(formatCount(123_457, 'en')).toBe('123,457');
  });
});
