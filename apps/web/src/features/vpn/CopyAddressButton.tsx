import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';

/**
 * Copies an address and says so. The clipboard exists only on secure pages and can be refused:
 * then the user is told to copy the address, which is always shown beside the button.
 */
export function CopyAddressButton({
  value,
  label,
  copied,
}: {
  value: string;
  label: string;
  /** What the snack bar says once copied; "<value> copied" by default. */
  copied?: string;
}) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const handleCopy = () => {
    const written = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () =>
        notify(copied ?? t('vpn.local.copied', { address: value }), {
          durationMs: 3000,
          key: 'vpn-local-copy',
        }),
      () => notify(t('vpn.local.copyFailed'), { durationMs: 5000, key: 'vpn-local-copy' }),
    );
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={handleCopy}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
