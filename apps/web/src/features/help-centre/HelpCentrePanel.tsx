import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';
import { helpCentreOrigin, helpCentrePanelId, helpContextMessage } from './help-centre-messages.ts';
import { useHelpFrame } from './use-help-frame.ts';
import { LoadingBar } from '../../components/LoadingBar.tsx';

const failureKey = 'help-centre';
/** What a help site needs: its scripts, its own storage, forms (search) and links opening new tabs. */
const frameSandbox =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

type HelpCentrePanelProps = {
  url: string;
  open: boolean;
  onClose: () => void;
};

/**
 * The help centre beside the app, in a panel on the right (the whole width on phones) that
 * leaves the app usable, so the help follows the user's route. Kept mounted once opened, so
 * the help site keeps its place while the panel is closed.
 */
export function HelpCentrePanel({ url, open, onClose }: HelpCentrePanelProps) {
  const { t, i18n } = useTranslation();
  const { notify, dismiss } = useNotify();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const origin = helpCentreOrigin(url) ?? url;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const permissionsKey = user.capabilities.join(' ');
  const message = useMemo(
    () =>
      helpContextMessage({
        permissions: permissionsKey.split(' ').filter(Boolean),
        language,
        path: pathname,
      }),
    [permissionsKey, language, pathname],
  );
  const { frameRef, state, handleLoad, retry } = useHelpFrame(origin, message, open);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (open && state.status === 'failed') {
      notify(t('helpCentre.loadFailed'), {
        key: failureKey,
        durationMs: 8000,
        action: { label: t('helpCentre.retry'), onClick: retry },
      });
    } else {
      dismiss(failureKey);
    }
  }, [open, state.status, notify, dismiss, retry, t]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  // In the body, after the shell's own panels: it lies above them, below the app bar. Rendered
  // there in the same commit (unlike MUI's Portal), so the close button can take focus at once.
  return createPortal(
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      onKeyDown={handleKeyDown}
      slotProps={{
        paper: {
          id: helpCentrePanelId,
          component: 'aside',
          'aria-label': t('helpCentre.title'),
          sx: { width: { xs: '100%', sm: 420 }, boxSizing: 'border-box', boxShadow: 8 },
        },
      }}
    >
      <Toolbar />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 2, pr: 1, py: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
          {t('helpCentre.title')}
        </Typography>
        <Tooltip title={t('helpCentre.openInNewTab')}>
          <IconButton
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('helpCentre.openInNewTab')}
          >
            <OpenInNew fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('helpCentre.close')}>
          <IconButton ref={closeRef} onClick={onClose} aria-label={t('helpCentre.close')}>
            <Close />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      {state.status === 'loading' && <LoadingBar label={t('helpCentre.loading')} />}
      {state.status === 'failed' && (
        <Alert
          severity="error"
          role="alert"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('helpCentre.retry')}
            </Button>
          }
        >
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            {t('helpCentre.loadFailed')}
          </Typography>
          <Typography variant="body2" component="p">
            {t('helpCentre.loadFailedHint')}
          </Typography>
        </Alert>
      )}
      <Box
        key={state.attempt}
        component="iframe"
        ref={frameRef}
        src={url}
        title={t('helpCentre.frameTitle')}
        sandbox={frameSandbox}
        referrerPolicy="no-referrer"
        onLoad={handleLoad}
        // Stays after a failure: a help site without the ready message still shows its page below.
        sx={{ flexGrow: 1, width: '100%', border: 0, display: 'block' }}
      />
    </Drawer>,
    document.body,
  );
}
