import { useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { wideScreenQuery } from '../../app/theme.ts';
import { lazyPart } from '../../app/lazy-part.tsx';
import { ForceProtocolSelect } from './ForceProtocolSelect.tsx';
import { useVpn } from './vpn-context.ts';
import { VpnClientSection } from './VpnClientSection.tsx';
import { VpnStatusSection } from './VpnStatusSection.tsx';

// Release notes are Markdown: their renderer loads when they are opened, not with every page.
const ReleaseNotesTab = lazyPart(() => import('./ReleaseNotesTab.tsx'), 'ReleaseNotesTab', null);

/**
 * The VPN info dialog (spec §2): 528 px wide from 960 px, full-screen below. Two tabs whose
 * headers are hidden: the status and client (VPN), and the release notes behind a back arrow.
 */
export function VpnInfoDialog({ agentId, onClose }: { agentId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const vpn = useVpn();
  const wide = useMediaQuery(wideScreenQuery, { noSsr: true });
  const [tab, setTab] = useState<'vpn' | 'releaseNotes'>('vpn');
  const notes = tab === 'releaseNotes';
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={!wide}
      aria-labelledby="vpn-info-title"
      slotProps={{ paper: { sx: wide ? { width: 528, maxWidth: 528 } : {} } }}
    >
      <DialogTitle id="vpn-info-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        {notes && (
          <IconButton edge="start" aria-label={t('vpn.releaseNotes.back')} onClick={() => setTab('vpn')}>
            <ArrowBack />
          </IconButton>
        )}
        <Box component="span" sx={{ flex: 1 }}>
          {notes ? t('vpn.releaseNotes.title') : t('vpn.title')}
        </Box>
        <IconButton aria-label={t('vpn.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box role="tabpanel" hidden={notes} aria-label={t('vpn.title')}>
          {!notes && (
            <>
              <VpnStatusSection agentId={agentId} onClose={onClose} />
              {vpn.mobile ? (
                <ForceProtocolSelect />
              ) : (
                <VpnClientSection onReleaseNotes={() => setTab('releaseNotes')} />
              )}
            </>
          )}
        </Box>
        <Box role="tabpanel" hidden={!notes} aria-label={t('vpn.releaseNotes.title')}>
          {notes && <ReleaseNotesTab />}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
