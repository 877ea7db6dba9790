import KeyOutlined from '@mui/icons-material/KeyOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const IdentityProvidersPage = lazyPage(() => import('./IdentityProvidersPage.tsx'), 'IdentityProvidersPage');

export const ssoFeatures: Feature[] = [
  {
    id: 'identity-providers',
    path: '/identity-providers',
    element: <IdentityProvidersPage />,
    capability: 'roles.manage',
    menu: { section: 'COMPANY', labelKey: 'sso.menu', icon: KeyOutlined },
  },
];
