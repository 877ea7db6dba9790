import { describe, expect, it } from 'vitest';
import type { CustomField } from '@fleetgate/contracts';
import { byOrder, moveChanges } from './custom-field-order.ts';

const field = (publicId: string, order: number): CustomField => ({
  publicId,
  name: publicId,
  key: publicId,
  entity: 'asset',
  type: 'text',
  options: [],
  required: false,
  order,
});

describe('moveChanges', () => {
  const list = [field('a', 0), field('b', 1000), field('c', 2000)];

  it('swaps a field with its neighbour', () => {
    expect(moveChanges(list, list[1]!, -1)).toEqual([
      { publicId: 'b', order: 0 },
      { publicId: 'a', order: 1000 },
    ]);
    expect(moveChanges(list, list[1]!, 1)).toEqual([
      { publicId: 'c', order: 1000 },
      { publicId: 'b', order: 2000 },
    ]);
  });

  it('does nothing at either end', () => {
    expect(moveChanges(list, list[0]!, -1)).toEqual([]);
    expect(moveChanges(list, list[2]!, 1)).toEqual([]);
  });

  it('renumbers equal or uneven orders', () => {
    const crowded = [field('a', 5), field('b', 5), field('c', 7)].sort(byOrder);
    expect(moveChanges(crowded, crowded[2]!, -1)).toEqual([
      { publicId: 'a', order: 0 },
      { publicId: 'c', order: 1000 },
      { publicId: 'b', order: 2000 },
    ]);
  });
});
