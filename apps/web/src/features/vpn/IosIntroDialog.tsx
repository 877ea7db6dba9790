import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { markIosIntroSeen, useIosIntroSeen } from './ios-intro.ts';
import { currentPlatform } from './platform.ts';

const features: { key: 'devices' | 'requests' | 'messages' | 'vpn'; icon: SvgIconComponent }[] = [
  { key: 'devices', icon: RouterOutlined },
  { key: 'requests', icon: VerifiedUserOutlined },
  { key: 'messages', icon: MailOutline },
  { key: 'vpn', icon: ComputerOutlined },
];

/**
 * The full-screen first-use dialog on iOS (spec §2): welcomes the user once, says what the
 * portal does on the phone and that VPN needs a computer. Its "seen" flag is kept forever.
 */
export function IosIntroDialog() {
  const { t } = useTranslation();
  const ios = useMemo(() => currentPlatform() === 'ios', []);
  const seen = useIosIntroSeen();
  if (!ios || seen) return null;
  return (
    <Dialog open fullScreen onClose={markIosIntroSeen} aria-labelledby="ios-intro-title">
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        <Box sx={{ width: '100%', maxWidth: 480, pt: { xs: 3, sm: 6 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Logo />
          </Box>
          <DialogTitle id="ios-intro-title" sx={{ px: 0, textAlign: 'center' }} variant="h5">
            {t('vpnMobile.iosIntro.title')}
          </DialogTitle>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('vpnMobile.iosIntro.lead')}
          </Typography>
          <List sx={{ mt: 2 }}>
            {features.map(({ key, icon: Icon }) => (
              <ListItem key={key} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ mt: 0.5 }}>
                  <Icon color={key === 'vpn' ? 'action' : 'primary'} aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={t(`vpnMobile.iosIntro.features.${key}.title`)}
                  secondary={t(`vpnMobile.iosIntro.features.${key}.body`)}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 4 }}>
        <Button variant="contained" size="large" onClick={markIosIntroSeen} sx={{ minWidth: 240 }}>
          {t('vpnMobile.iosIntro.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
