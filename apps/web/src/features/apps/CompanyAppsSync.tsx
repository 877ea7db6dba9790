import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../api/live-events.tsx';
import { appListKey } from './use-installed-apps.ts';

/** Another tab or member installed, uninstalled or configured an app: menus and screens follow. */
export function CompanyAppsSync() {
  const queryClient = useQueryClient();
  useLiveEvent('AppsChanged', () => {
    void queryClient.invalidateQueries({ queryKey: appListKey });
  });
  return null;
}
