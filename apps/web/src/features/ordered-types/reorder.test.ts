import { describe, expect, it } from 'vitest';
import { moveType, sortByOrder } from './reorder.ts';

const types = [
  { publicId: 'a', name: 'A', order: 0 },
  { publicId: 'b', name: 'B', order: 1000 },
  { publicId: 'c', name: 'C', order: 2000 },
  { publicId: 'd', name: 'D', order: 3000 },
];

describe('moveType', () => {
  it('moves down and sends only the orders that changed', () => {
    const { types: moved, changes } = moveType(types, 'a', 'c');
    expect(moved.map((t) => t.publicId)).toEqual(['b', 'c', 'a', 'd']);
    expect(changes).toEqual([
      { publicId: 'b', order: 0 },
      { publicId: 'c', order: 1000 },
      { publicId: 'a', order: 2000 },
    ]);
  });

  it('moves up', () => {
    const { types: moved, changes } = moveType(types, 'd', 'b');
    expect(moved.map((t) => [t.publicId, t.order])).toEqual([
      ['a', 0],
      ['d', 1000],
      ['b', 2000],
      ['c', 3000],
    ]);
    expect(changes.map((c) => c.publicId)).toEqual(['d', 'b', 'c']);
  });

  it('spaces uneven orders by 1000 again', () => {
    const uneven = [
      { publicId: 'x', name: 'X', order: 5 },
      { publicId: 'y', name: 'Y', order: 7 },
    ];
    expect(moveType(uneven, 'y', 'x').changes).toEqual([
      { publicId: 'y', order: 0 },
      { publicId: 'x', order: 1000 },
    ]);
  });

  it('changes nothing when dropped in place or on an unknown item', () => {
    expect(moveType(types, 'b', 'b').changes).toEqual([]);
    expect(moveType(types, 'b', 'zz').changes).toEqual([]);
  });
});

describe('sortByOrder', () => {
  it('sorts by order, then by name', () => {
    const sorted = sortByOrder([
      { publicId: '2', name: 'Beta', order: 1000 },
      { publicId: '1', name: 'Alpha', order: 1000 },
      { publicId: '0', name: 'Zulu', order: 0 },
    ]);
    expect(sorted.map((t) => t.name)).toEqual(['Zulu', 'Alpha', 'Beta']);
  });
});
