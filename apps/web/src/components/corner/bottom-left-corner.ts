import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '@mui/material/styles';
import { wideScreenQuery } from '../../app/theme.ts';

/**
 * The bottom-left corner is shared: the VPN status bar sits at the bottom, the minimised screen
 * viewer above it, and the reminders stack above both. Whatever sits at the bottom says how tall
 * it is and its place (`order`, lowest at the bottom); what stacks above reads the total, so
 * nothing overlaps whichever mounts first.
 */
const heights = new Map<string, { height: number; order: number }>();
const listeners = new Set<() => void>();
let total = 0;
let version = 0;

function publish(): void {
  total = [...heights.values()].reduce((sum, { height }) => sum + height + cornerGap, 0);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Distance of the corner's content from the window's left and bottom edges (px). */
export const cornerInset = { xs: 8, sm: 24 } as const;
/** Space between the things stacked in the corner (px). */
export const cornerGap = 8;

/**
 * Above the side menu where it is docked (wide screens) and below every modal: dialogs, menus,
 * and the side menu where it is a modal drawer (narrow screens) cover the corner.
 */
export const cornerZIndex = (theme: Theme) => ({
  zIndex: theme.zIndex.drawer - 1,
  [`@media ${wideScreenQuery}`]: { zIndex: theme.zIndex.drawer + 1 },
});

/**
 * Takes `height` px at the bottom of the corner while it is a number; frees it on null or
 * unmount. Of several, the one with the lower `order` sits lower.
 */
export function useCornerBase(id: string, height: number | null, order = 0): void {
  useEffect(() => {
    if (height === null) return;
    heights.set(id, { height, order });
    publish();
    return () => {
      heights.delete(id);
      publish();
    };
  }, [id, height, order]);
}

/** How far above the corner's inset a base of `order` starts (px): the bases below it. */
export function useCornerBaseOffset(order: number): number {
  useSyncExternalStore(subscribe, () => version);
  return [...heights.values()]
    .filter((base) => base.order < order)
    .reduce((sum, { height }) => sum + height + cornerGap, 0);
}

/** How far above the corner's inset the next thing up starts (px): 0 when the bottom is free. */
export function useCornerOffset(): number {
  return useSyncExternalStore(subscribe, () => total);
}
