import { useEffect, useSyncExternalStore } from 'react';
import type { Theme } from '@mui/material/styles';
import { wideScreenQuery } from '../../app/theme.ts';

/**
 * The bottom-left corner is shared: the VPN status bar sits at the bottom and the reminders
 * stack above it. Whatever sits at the bottom says how tall it is; what stacks above reads
 * the total, so the two never overlap whichever mounts first.
 */
const heights = new Map<string, number>();
const listeners = new Set<() => void>();
let total = 0;

function publish(): void {
  total = [...heights.values()].reduce((sum, height) => sum + height + cornerGap, 0);
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

/** Takes `height` px at the bottom of the corner while it is a number; frees it on null or unmount. */
export function useCornerBase(id: string, height: number | null): void {
  useEffect(() => {
    if (height === null) return;
    heights.set(id, height);
    publish();
    return () => {
      heights.delete(id);
      publish();
    };
  }, [id, height]);
}

/** How far above the corner's inset the next thing up starts (px): 0 when the bottom is free. */
export function useCornerOffset(): number {
  return useSyncExternalStore(subscribe, () => total);
}
