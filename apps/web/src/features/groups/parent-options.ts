type Node = { publicId: string; name: string; parent: { publicId: string } | null };

/** Groups that may become the parent of `groupId`: not the group itself nor any of its subgroups. */
export function parentOptions<T extends Node>(groups: readonly T[], groupId: string | undefined): T[] {
  if (!groupId) return [...groups];
  const children = new Map<string, string[]>();
  for (const group of groups) {
    if (!group.parent) continue;
    children.set(group.parent.publicId, [...(children.get(group.parent.publicId) ?? []), group.publicId]);
  }
  const excluded = new Set<string>();
  const stack = [groupId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (excluded.has(id)) continue;
    excluded.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return groups.filter((group) => !excluded.has(group.publicId));
}
