import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { useTranslation } from 'react-i18next';

/** Opens the configured help centre in a new tab. */
export function HelpButton({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('shell.help')}>
      <IconButton
        color="inherit"
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('shell.help')}
      >
        <HelpOutline />
      </IconButton>
    </Tooltip>
  );
}
