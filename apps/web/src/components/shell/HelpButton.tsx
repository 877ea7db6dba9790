import { useCallback, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../app/lazy-part.tsx';
import { helpCentreOrigin, helpCentrePanelId } from '../../features/help-centre/help-centre-messages.ts';

// Its code loads with the first click: most visits never open the help centre.
const HelpCentrePanel = lazyPart(
  () => import('../../features/help-centre/HelpCentrePanel.tsx'),
  'HelpCentrePanel',
  null,
);

/** Opens and closes the help centre panel; shown only when the help centre is usable. */
export function HelpButton({ url, onOpen }: { url: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const handleToggle = () => {
    setEverOpened(true);
    if (!open) onOpen?.();
    setOpen(!open);
  };
  const handleClose = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  // The server only answers http(s) addresses; a stored answer from elsewhere gets no button.
  if (helpCentreOrigin(url) === null) return null;

  return (
    <>
      <Tooltip title={t('shell.help')}>
        <IconButton
          ref={buttonRef}
          color="inherit"
          onClick={handleToggle}
          aria-label={t('shell.help')}
          aria-expanded={open}
          aria-controls={everOpened ? helpCentrePanelId : undefined}
          sx={open ? { bgcolor: 'rgba(255, 255, 255, 0.16)' } : undefined}
        >
          <HelpOutline />
        </IconButton>
      </Tooltip>
      {everOpened && <HelpCentrePanel url={url} open={open} onClose={handleClose} />}
    </>
  );
}
