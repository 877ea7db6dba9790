import { pageLimits, type PageComponent, type PageComponentKind } from '@fleetgate/contracts';

export type GridItem = { i: string; x: number; y: number; w: number; h: number };

/** The grid layout of a version's components (react-grid-layout's shape). */
export function layoutOf(components: readonly PageComponent[]): GridItem[] {
  return components.map(({ id, x, y, w, h }) => ({ i: id, x, y, w, h }));
}

/** Moves and resizes components as the grid reports; components the layout does not name stay. */
export function applyLayout(
  components: readonly PageComponent[],
  layout: readonly GridItem[],
): PageComponent[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  return components.map((component) => {
    const item = byId.get(component.id);
    if (!item) return component;
    const w = Math.max(1, Math.min(pageLimits.gridColumns, Math.round(item.w)));
    const x = Math.max(0, Math.min(pageLimits.gridColumns - w, Math.round(item.x)));
    return { ...component, x, w, y: Math.max(0, Math.round(item.y)), h: Math.max(1, Math.round(item.h)) };
  });
}

export function sameLayout(a: readonly PageComponent[], b: readonly PageComponent[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((one, index) => {
    const other = b[index]!;
    return (
      one.id === other.id && one.x === other.x && one.y === other.y && one.w === other.w && one.h === other.h
    );
  });
}

const defaultSizes: Record<PageComponentKind, { w: number; h: number }> = {
  lineChart: { w: 6, h: 4 },
  barChart: { w: 6, h: 4 },
  gauge: { w: 3, h: 4 },
  value: { w: 3, h: 2 },
  table: { w: 6, h: 4 },
  alarms: { w: 6, h: 4 },
  text: { w: 4, h: 2 },
};

/** Where a new component goes: below everything, full default size. */
export function placeNewComponent(
  components: readonly PageComponent[],
  kind: PageComponentKind,
): Pick<PageComponent, 'x' | 'y' | 'w' | 'h'> {
  const bottom = components.reduce((max, one) => Math.max(max, one.y + one.h), 0);
  return { x: 0, y: bottom, ...defaultSizes[kind] };
}

/** A component id not used yet on the page. */
export function newComponentId(
  components: readonly PageComponent[],
  random: () => number = Math.random,
): string {
  const taken = new Set(components.map((one) => one.id));
  for (;;) {
    const id = `c${Math.floor(random() * 36 ** 8).toString(36)}`;
    if (!taken.has(id)) return id;
  }
}

/** The order components read in on a narrow screen, where they stack: top to bottom, left to right. */
export function readingOrder(components: readonly PageComponent[]): PageComponent[] {
  return [...components].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Kinds that show tags, and how many they use. */
export function tagsUsed(kind: PageComponentKind): 'none' | 'one' | 'many' {
  if (kind === 'text') return 'none';
  if (kind === 'gauge' || kind === 'value') return 'one';
  return 'many';
}
