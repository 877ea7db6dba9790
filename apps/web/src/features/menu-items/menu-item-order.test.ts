import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@fleetgate/contracts';
import { moveMenuItem } from './menu-item-order.ts';
import { sortMenuItems } from './menu-item-label.ts';

const item = (publicId: string, order: number): MenuItem => ({
  publicId,
  name: publicId,
  translationKey: null,
  url: `https://${publicId}.example.com`,
  icon: 'link',
  order,
  audience: null,
});

describe('moveMenuItem', () => {
  it('moves a link and spaces the orders by 1000 again, sending only what changed', () => {
    const sorted = sortMenuItems([item('c', 2000), item('a', 0), item('b', 500)]);
    expect(sorted.map((i) => i.publicId)).toEqual(['a', 'b', 'c']);
    const { items, changes } = moveMenuItem(sorted, 'c', 'a');
    expect(items.map((i) => [i.publicId, i.order])).toEqual([
      ['c', 0],
      ['a', 1000],
      ['b', 2000],
    ]);
    expect(changes).toEqual([
      { publicId: 'c', order: 0 },
      { publicId: 'a', order: 1000 },
      { publicId: 'b', order: 2000 },
    ]);
  });

  it('changes nothing when the link stays where it was', () => {
    const sorted = [item('a', 0), item('b', 1000)];
    expect(moveMenuItem(sorted, 'a', 'a').changes).toEqual([]);
    expect(moveMenuItem(sorted, 'a', 'unknown').changes).toEqual([]);
  });
});
