import { describe, expect, it } from 'vitest';
import type { PageComponent } from '@fleetgate/contracts';
import {
  applyLayout,
  layoutOf,
  newComponentId,
  placeNewComponent,
  readingOrder,
  sameLayout,
  tagsUsed,
} from './page-layout.ts';

const components: PageComponent[] = [
  { id: 'a', kind: 'lineChart', x: 0, y: 0, w: 6, h: 4, tags: [{ name: 'temp' }] },
  { id: 'b', kind: 'value', x: 6, y: 0, w: 3, h: 2, tags: [{ name: 'temp' }] },
  { id: 'c', kind: 'text', x: 0, y: 4, w: 12, h: 2, text: '# Hi' },
];

describe('page layout', () => {
  it('turns components into grid items and back, keeping everything but the position', () => {
    const layout = layoutOf(components);
    expect(layout[1]).toEqual({ i: 'b', x: 6, y: 0, w: 3, h: 2 });
    const moved = applyLayout(components, [{ i: 'b', x: 9, y: 1, w: 3, h: 3 }]);
    expect(moved[1]).toEqual({ ...components[1], x: 9, y: 1, h: 3 });
    expect(moved[0]).toBe(components[0]);
    expect(sameLayout(moved, components)).toBe(false);
    expect(sameLayout(applyLayout(components, layout), components)).toBe(true);
  });

  it('keeps moved components inside the 12 columns', () => {
    const [moved] = applyLayout(components, [{ i: 'a', x: 10, y: -2, w: 20, h: 0 }]);
    expect(moved).toMatchObject({ x: 0, y: 0, w: 12, h: 1 });
  });

  it('places a new component below the others with an id not in use', () => {
    expect(placeNewComponent(components, 'gauge')).toEqual({ x: 0, y: 6, w: 3, h: 4 });
    expect(placeNewComponent([], 'text')).toEqual({ x: 0, y: 0, w: 4, h: 2 });
    const values = [0.1, 0.1, 0.5];
    const id = newComponentId([{ ...components[0]!, id: `c${Math.floor(0.1 * 36 ** 8).toString(36)}` }], () =>
      values.shift()!,
    );
    expect(id).toBe(`c${Math.floor(0.5 * 36 ** 8).toString(36)}`);
  });

  it('stacks components top to bottom, left to right on narrow screens', () => {
    expect(readingOrder([components[2]!, components[1]!, components[0]!]).map((one) => one.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('knows which kinds show tags', () => {
    expect(tagsUsed('text')).toBe('none');
    expect(tagsUsed('gauge')).toBe('one');
    expect(tagsUsed('table')).toBe('many');
  });
});
