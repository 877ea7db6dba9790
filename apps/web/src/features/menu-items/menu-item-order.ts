import { limits, type MenuItem } from '@fleetgate/contracts';

/**
 * Moves `activeId` to where `overId` is and spaces every order by the step again (0, 1000, 2000 …).
 * Returns the new list and only the changes to send; nothing when the link did not move.
 */
export function moveMenuItem(
  sorted: readonly MenuItem[],
  activeId: string,
  overId: string,
): { items: MenuItem[]; changes: { publicId: string; order: number }[] } {
  const from = sorted.findIndex((item) => item.publicId === activeId);
  const to = sorted.findIndex((item) => item.publicId === overId);
  if (from < 0 || to < 0 || from === to) return { items: [...sorted], changes: [] };
  const moved = [...sorted];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  const changes: { publicId: string; order: number }[] = [];
  const items = moved.map((link, index) => {
    const order = index * limits.orderStep;
    if (link.order === order) return link;
    changes.push({ publicId: link.publicId, order });
    return { ...link, order };
  });
  return { items, changes };
}
