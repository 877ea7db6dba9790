import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '@fleetgate/contracts';
import { LetterAvatar } from '../LetterAvatar.tsx';
import { MenuLinksNav } from '../../features/menu-items/MenuLinksNav.tsx';
import { NavMenu } from './NavMenu.tsx';
import type { NavSection } from './nav-sections.ts';

type DrawerContentProps = {
  user: MyUser;
  sections: NavSection[];
};

export function DrawerContent({ user, sections }: DrawerContentProps) {
  const { t } = useTranslation();
  const companyName = user.company?.name ?? '';
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2 }}>
        <LetterAvatar name={companyName} variant="rounded" />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={companyName}>
            {companyName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.role?.name ?? t('home.noRole')}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <NavMenu sections={sections} />
      {user.company && <MenuLinksNav companyId={user.company.publicId} />}
    </>
  );
}
