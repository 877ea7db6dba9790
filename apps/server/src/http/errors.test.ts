import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiError } from './errors.ts';
import { parseEach, parseInput } from './errors.ts';

const schema = z.strictObject({
  name: z.string().trim().min(1).max(5),
  kind: z.enum(['a', 'b']),
  code: z.string().regex(/^[a-z]+$/),
  count: z.number().int().min(1),
});

function errorsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return (error as ApiError).items;
  }
  throw new Error('expected an error');
}

describe('validation messages', () => {
  it('are stable strings with the property name', () => {
    expect(errorsOf(() => parseInput(schema, { name: '', code: 'X1', count: 0, extra: 1 }))).toEqual([
      { message: 'Required property', propertyName: 'name' },
      { message: 'Required property', propertyName: 'kind' },
      { message: 'Value does not match regex expression', propertyName: 'code' },
      { message: 'Too small: at least 1', propertyName: 'count' },
      { message: 'Unknown property: extra' },
    ]);
    expect(
      errorsOf(() => parseInput(schema, { name: 'toolong', kind: 'c', code: 'ok', count: 'x' })),
    ).toEqual([
      { message: 'Too long: at most 5 characters', propertyName: 'name' },
      { message: 'Invalid value', propertyName: 'kind' },
      { message: 'Invalid type: expected number', propertyName: 'count' },
    ]);
  });

  it('name the list index of every failing item', () => {
    const items = [
      { name: 'a', kind: 'a', code: 'x', count: 1 },
      { name: 'b' },
      { kind: 'z', name: 'c', code: 'y', count: 2 },
    ];
    const errors = errorsOf(() => parseEach(schema, items, true));
    expect(errors.map((e) => [e.listIndex, e.propertyName])).toEqual([
      [1, 'kind'],
      [1, 'code'],
      [1, 'count'],
      [2, 'kind'],
    ]);
  });
});
