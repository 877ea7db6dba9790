import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify.tsx';
import { fetchPublishedVersion, runningVersion, versionCheckIntervalMs } from './build-info.ts';

/** Asks /info.json for the published version now and then and offers to reload when it changed. */
export function VersionCheck() {
  const { t } = useTranslation();
  const { notify } = useNotify();

  useEffect(() => {
    if (runningVersion === null) return undefined;
    let announced: string | null = null;
    let stopped = false;
    const handleTick = async () => {
      const published = await fetchPublishedVersion();
      if (stopped || published === null || published === runningVersion || published === announced) return;
      announced = published;
      notify(t('shell.newVersion'), {
        key: 'new-version',
        durationMs: null,
        action: { label: t('shell.reloadNow'), onClick: () => window.location.reload() },
      });
    };
    const timer = window.setInterval(() => void handleTick(), versionCheckIntervalMs());
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [notify, t]);

  return null;
}
