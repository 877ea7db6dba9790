import { useState } from 'react';
import { useLocation } from 'react-router';
import { createStoredValue } from '../../app/stored-value.ts';

const storedDrawerOpen = createStoredValue('fleetgate.drawerOpen', true, (raw) => raw !== false);

/**
 * Whether the main menu is open. Beside the content (wide screens) the choice is remembered
 * between visits, open by default. As an overlay (narrow screens) it starts closed and closes
 * on every navigation: it counts as open only on the path where it was opened.
 */
export function useDrawerOpen(wide: boolean): [boolean, (open: boolean) => void] {
  const pinnedOpen = storedDrawerOpen.useValue();
  const { pathname } = useLocation();
  const [overlayPath, setOverlayPath] = useState<string | null>(null);

  if (wide) return [pinnedOpen, storedDrawerOpen.set];
  return [overlayPath === pathname, (open) => setOverlayPath(open ? pathname : null)];
}
