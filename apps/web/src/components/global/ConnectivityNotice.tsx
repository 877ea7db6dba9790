import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify.tsx';

const offlineKey = 'offline';

/** "No connection" stays while the browser is offline and goes away when it is back online. */
export function ConnectivityNotice() {
  const { t } = useTranslation();
  const { notify, dismiss } = useNotify();

  useEffect(() => {
    const handleOffline = () => notify(t('errors.noConnection'), { key: offlineKey, durationMs: null });
    const handleOnline = () => dismiss(offlineKey);
    if (!navigator.onLine) handleOffline();
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
    };
  }, [notify, dismiss, t]);

  return null;
}
