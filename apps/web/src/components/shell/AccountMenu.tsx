import { useState, type MouseEvent } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Gavel from '@mui/icons-material/Gavel';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PrivacyTip from '@mui/icons-material/PrivacyTipOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { MyUser } from '@fleetgate/contracts';
import { useOptionalVpn } from '../../features/vpn/vpn-context.ts';
import { initialsOf } from '../LetterAvatar.tsx';
import { AccountAvatar } from './AccountAvatar.tsx';

type AccountMenuProps = {
  user: MyUser;
  /** The company's logo; companies have none until branding sets one. */
  logoUrl?: string | null;
};

/**
 * Text in the account menu that is no menu item: the menu list skips it when it picks the item
 * to focus, so it gets no tabindex and the menu holds only items, groups and separators.
 */
function MenuText(props: BoxProps) {
  return <Box {...props} />;
}
MenuText.muiSkipListHighlight = true;

export function AccountMenu({ user, logoUrl = null }: AccountMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const vpn = useOptionalVpn();
  const navigate = useNavigate();
  // With a VPN connection going, logging out asks first (the VPN confirm-logout dialog).
  const handleLogOut = (event: MouseEvent<HTMLElement>) => {
    handleClose();
    if (!vpn || (vpn.status?.status ?? 'idle') === 'idle') return;
    event.preventDefault();
    void vpn.confirmLogOut().then((ok) => ok && navigate('/logout'));
  };

  // The initials shown on the button are part of its name, so speech input can use what is seen.
  const label = logoUrl
    ? t('shell.account')
    : t('shell.accountWithInitials', { name: user.name, initials: initialsOf(user.name) });

  return (
    <>
      <IconButton
        onClick={handleOpen}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        sx={{ p: 0.5 }}
      >
        <AccountAvatar name={user.name} logoUrl={logoUrl} companyName={user.company?.name} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // A long address does not stretch the menu across a narrow window.
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'min(360px, calc(100vw - 32px))', mt: 1 } } }}
      >
        <MenuText sx={{ px: 2, py: 1 }}>
          {/* No heading: a menu holds no headings. */}
          <Typography variant="subtitle2" component="div" noWrap title={user.name}>
            {user.name}
          </Typography>
          {/* Wrapped, not cut: the address tells which account this is. */}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.emailAddress}
          </Typography>
        </MenuText>
        <Divider />
        <MenuText
          sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}
          role="group"
          aria-label={t('shell.company')}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <BusinessOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={user.company?.name} secondary={user.role?.name} />
        </MenuText>
        <MenuItem component={RouterLink} to="/my-companies" onClick={handleClose}>
          <ListItemIcon>
            <SwapHoriz fontSize="small" />
          </ListItemIcon>
          {t('shell.switchCompany')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/my-profile" onClick={handleClose}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t('shell.myProfile')}
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to="/my-company/terms-of-use" onClick={handleClose}>
          <ListItemIcon>
            <Gavel fontSize="small" />
          </ListItemIcon>
          {t('legal.termsOfUse')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/my-company/privacy-statement" onClick={handleClose}>
          <ListItemIcon>
            <PrivacyTip fontSize="small" />
          </ListItemIcon>
          {t('legal.privacyStatement')}
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to="/logout" onClick={handleLogOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.logOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
