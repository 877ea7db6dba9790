import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const SignInSecurityPage = lazyPage(() => import('./SignInSecurityPage.tsx'), 'SignInSecurityPage');

export const signInSecurityFeatures: Feature[] = [
  {
    id: 'sign-in-security',
    path: '/sign-in-security',
    element: <SignInSecurityPage />,
    capability: 'roles.manage',
    menu: { section: 'COMPANY', labelKey: 'signInSecurity.menu', icon: ShieldOutlined },
  },
];
