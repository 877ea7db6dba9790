import { limits, type CustomField } from '@fleetgate/contracts';

/** Fields as the console lists them: by order, then by name. */
export function byOrder(a: CustomField, b: CustomField): number {
  return a.order - b.order || a.name.localeCompare(b.name);
}

/**
 * The order changes that move `field` one place up (-1) or down (1) among its sorted
 * `siblings`: the list is renumbered in steps of 1000 and only fields whose order changes
 * are sent, so equal or crowded order values sort themselves out.
 */
export function moveChanges(
  siblings: readonly CustomField[],
  field: CustomField,
  direction: -1 | 1,
): { publicId: string; order: number }[] {
  const index = siblings.findIndex((f) => f.publicId === field.publicId);
  const target = index + direction;
  if (index < 0 || target < 0 || target >= siblings.length) return [];
  const moved = [...siblings];
  moved.splice(index, 1);
  moved.splice(target, 0, field);
  return moved
    .map((f, i) => ({ publicId: f.publicId, order: i * limits.orderStep, before: f.order }))
    .filter((change) => change.order !== change.before)
    .map(({ publicId, order }) => ({ publicId, order }));
}
