import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Computer from '@mui/icons-material/Computer';
import { useTranslation } from 'react-i18next';
import { wideScreenQuery } from '../../app/theme.ts';
import { useNotify } from '../../components/notify.tsx';

const steps = ['step1', 'step2', 'step3'] as const;

/**
 * The mobile variant of the missing-connector dialog (it replaces "Mobile VPN unsupported"):
 * phones cannot install the VPN client, so it says what to do instead, and hands over the
 * page's link for the computer. Full-screen on small screens, as phones are.
 */
export function MobileConnectorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const wide = useMediaQuery(wideScreenQuery, { noSsr: true });

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify(t('vpnMobile.connector.copied'), { durationMs: 3000 });
    } catch {
      // No clipboard (permission refused): the steps still say where to go.
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={!wide}
      aria-labelledby="vpn-mobile-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="vpn-mobile-title">{t('vpnMobile.connector.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
            <Computer aria-hidden sx={{ fontSize: 64, color: 'primary.main' }} />
          </Box>
          <Typography>{t('vpnMobile.connector.lead')}</Typography>
          <Box component="section" aria-labelledby="vpn-mobile-steps">
            <Typography
              id="vpn-mobile-steps"
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, mb: 1 }}
            >
              {t('vpnMobile.connector.stepsTitle')}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3, '& li + li': { mt: 1 } }}>
              {steps.map((step) => (
                <Typography component="li" key={step}>
                  {t(`vpnMobile.connector.${step}`)}
                </Typography>
              ))}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopy />} onClick={() => void handleCopy()}>
          {t('vpnMobile.connector.copyLink')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('vpnMobile.connector.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
