import { limits } from '@fleetgate/contracts';
import type { OrderedType } from './ordered-type-kind.ts';

/** Types in the order users see: by order, then by name for equal orders. */
export function sortByOrder<T extends OrderedType>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * Moves `activeId` to where `overId` is and spaces every order by the step again (0, 1000, 2000 …).
 * Returns the new list and only the changes to send; nothing when the item did not move.
 */
export function moveType<T extends OrderedType>(
  sorted: readonly T[],
  activeId: string,
  overId: string,
): { types: T[]; changes: { publicId: string; order: number }[] } {
  const from = sorted.findIndex((type) => type.publicId === activeId);
  const to = sorted.findIndex((type) => type.publicId === overId);
  if (from < 0 || to < 0 || from === to) return { types: [...sorted], changes: [] };
  const moved = [...sorted];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  const changes: { publicId: string; order: number }[] = [];
  const types = moved.map((type, index) => {
    const order = index * limits.orderStep;
    if (type.order === order) return type;
    changes.push({ publicId: type.publicId, order });
    return { ...type, order };
  });
  return { types, changes };
}
