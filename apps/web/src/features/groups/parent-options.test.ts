import { describe, expect, it } from 'vitest';
import { parentOptions } from './parent-options.ts';

const group = (publicId: string, parent?: string) => ({
  publicId,
  name: publicId.toUpperCase(),
  parent: parent ? { publicId: parent } : null,
});

describe('parentOptions', () => {
  const groups = [group('a'), group('b', 'a'), group('c', 'b'), group('d'), group('e', 'd')];

  it('leaves out the group and all of its subgroups', () => {
    expect(parentOptions(groups, 'a').map((g) => g.publicId)).toEqual(['d', 'e']);
    expect(parentOptions(groups, 'b').map((g) => g.publicId)).toEqual(['a', 'd', 'e']);
  });

  it('offers every group for a new one', () => {
    expect(parentOptions(groups, undefined)).toHaveLength(5);
  });
});
