import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from './errors.ts';
import { encodeCursor, pageOf, parsePaging } from './paging.ts';

describe('paging', () => {
  it('defaults to 20 items from the start', () => {
    expect(parsePaging(undefined, undefined)).toEqual({ size: 20, after: null });
  });

  it('accepts 1 to 4000', () => {
    expect(parsePaging('1', undefined).size).toBe(1);
    expect(parsePaging('4000', undefined).size).toBe(4000);
  });

  it.each(['0', '4001', '-1', '1.5', 'abc', '', '99999999'])('refuses page-size %j', (raw) => {
    expect(() => parsePaging(raw, undefined)).toThrow(
      expect.objectContaining({
        status: 400,
        items: [expect.objectContaining({ propertyName: 'page-size' })],
      }),
    );
  });

  it('round-trips a cursor', () => {
    const cursor = { at: new Date('2026-05-01T10:00:00.123Z'), publicId: 'abc123def456' };
    expect(parsePaging(undefined, encodeCursor(cursor)).after).toEqual(cursor);
  });

  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['a date before year 1', encoded(['0000-01-01T00:00:00.000Z', 'abc123def456'])],
    ['a date after year 9999', encoded(['+010000-01-01T00:00:00.000Z', 'abc123def456'])],
    ['a date not written by the server', encoded(['2026-05-01', 'abc123def456'])],
    ['a date V8 guesses at', encoded(['1', 'abc123def456'])],
    ['a NUL in the id', encoded(['2026-05-01T10:00:00.123Z', 'abc\u0000def4567'])],
    ['an id that is no publicId', encoded(['2026-05-01T10:00:00.123Z', 'ABC123DEF456'])],
    ['garbage base64', 'AAAA'],
    ['bytes that are no UTF-8', Buffer.from([0xff, 0xfe, 0x5b]).toString('base64url')],
    ['an object', encoded({ at: '2026-05-01T10:00:00.123Z', publicId: 'abc123def456' })],
    ['three items', encoded(['2026-05-01T10:00:00.123Z', 'abc123def456', 1])],
  ])('refuses a cursor with %s', (_, raw) => {
    expect(() => parsePaging(undefined, raw)).toThrow(
      expect.objectContaining({
        status: 400,
        items: [expect.objectContaining({ propertyName: 'page-after' })],
      }),
    );
  });

  it('says where the next page starts only when there is one', () => {
    const rows = [1, 2, 3].map((n) => ({ created_at: new Date(n * 1000), public_id: `id${n}aaaaaaaaa` }));
    expect(pageOf(rows, 3).moreAfter).toBeNull();
    const page = pageOf(rows, 2);
    expect(page.rows).toHaveLength(2);
    expect(parsePaging(undefined, page.moreAfter).after).toEqual({
      at: new Date(2000),
      publicId: 'id2aaaaaaaaa',
    });
  });

  it('never fails other than with a 400 naming the parameter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (size, after) => {
        for (const [args, name] of [
          [[size, undefined], 'page-size'],
          [[undefined, after], 'page-after'],
        ] as const) {
          try {
            parsePaging(args[0], args[1]);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).items[0]?.propertyName).toBe(name);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
