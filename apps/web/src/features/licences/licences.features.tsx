import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const LicencesPage = lazyPage(() => import('./LicencesPage.tsx'), 'LicencesPage');

export const licencesFeatures: Feature[] = [
  {
    id: 'licences',
    path: '/licenses',
    element: <LicencesPage />,
    capability: 'licences.manage',
    menu: { section: 'COMPANY', labelKey: 'licences.menu', icon: CardMembershipOutlined },
  },
];
