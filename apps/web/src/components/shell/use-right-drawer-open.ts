import { useState } from 'react';
import { useLocation } from 'react-router';
import { createStoredValue } from '../../app/stored-value.ts';

function parseOpenByFeature(raw: unknown): Record<string, boolean> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

const storedRightMenus = createStoredValue('fleetgate.rightMenu', {}, parseOpenByFeature);

/**
 * Whether the right side menu of `featureId` is open. Beside the content (wide screens)
 * each feature's choice is remembered between visits, open by default; as an overlay it
 * starts closed and closes on navigation. No feature, no right menu.
 */
export function useRightDrawerOpen(
  featureId: string | undefined,
  wide: boolean,
): [boolean, (open: boolean) => void] {
  const openByFeature = storedRightMenus.useValue();
  const { pathname } = useLocation();
  const [overlayPath, setOverlayPath] = useState<string | null>(null);

  if (featureId === undefined) return [false, () => undefined];
  if (wide) {
    return [
      openByFeature[featureId] ?? true,
      (open) => storedRightMenus.set({ ...storedRightMenus.get(), [featureId]: open }),
    ];
  }
  return [overlayPath === pathname, (open) => setOverlayPath(open ? pathname : null)];
}
