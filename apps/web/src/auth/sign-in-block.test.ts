import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { retryAfterSeconds } from '../api/envelope.ts';
import { activeBlock, blockFrom, blocks } from './sign-in-block.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const rateLimited = (seconds?: number) => new ApiError(429, [{ message: 'Too many attempts' }], seconds);

describe('sign-in block', () => {
  it('is taken from a 429 with Retry-After', () => {
    expect(blockFrom(rateLimited(900), 'ana@example.com', now)).toEqual({
      until: now + 900_000,
      emailAddress: 'ana@example.com',
    });
  });

  it('is not taken from other refusals, nor from a 429 that says no time', () => {
    expect(blockFrom(new ApiError(401, [{ message: 'Unauthorized' }]), 'a@b.c', now)).toBeNull();
    expect(blockFrom(rateLimited(), 'a@b.c', now)).toBeNull();
    expect(blockFrom(new Error('offline'), 'a@b.c', now)).toBeNull();
  });

  it('lasts until its end and not a moment longer', () => {
    const block = { until: now + 60_000, emailAddress: 'a@b.c' };
    expect(activeBlock(block, now)).toBe(block);
    expect(activeBlock(block, now + 59_999)).toBe(block);
    expect(activeBlock(block, now + 60_000)).toBeNull();
    expect(activeBlock(null, now)).toBeNull();
  });

  it('stops the blocked account only, whatever its case', () => {
    const block = { until: now + 60_000, emailAddress: 'Ana@Example.com' };
    expect(blocks(block, ' ana@example.COM ')).toBe(true);
    expect(blocks(block, 'bob@example.com')).toBe(false);
    expect(blocks(null, 'ana@example.com')).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds(new Headers({ 'Retry-After': '120' }))).toBe(120);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'Tue, 24 Nov 2026 12:05:00 GMT' }), now)).toBe(300);
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'soon' }))).toBeUndefined();
  });
});
