import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const RolesPage = lazyPage(() => import('./RolesPage.tsx'), 'RolesPage');

export const rolesFeatures: Feature[] = [
  {
    id: 'roles',
    path: '/roles',
    element: <RolesPage />,
    capability: 'roles.manage',
    menu: { section: 'USER_MANAGEMENT', labelKey: 'roles.menu', icon: AdminPanelSettingsOutlined },
  },
];
