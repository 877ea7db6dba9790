import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';
import { downloadLogs } from './use-backend-components.ts';

const noticeMs = 3000;

/** The log download of any template, with "Download failed" for 3 s when it does not arrive. */
export function useDownloadLogs() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [downloading, setDownloading] = useState<string | null>(null);

  const handleDownload = (publicId: string) => {
    setDownloading(publicId);
    downloadLogs(publicId)
      .catch(() => notify(t('backendComponents.downloadFailed'), { durationMs: noticeMs }))
      .finally(() => setDownloading(null));
  };

  return { downloading, handleDownload };
}
