import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const IdentityPage = lazyPage(() => import('./IdentityPage.tsx'), 'IdentityPage');

export const brandingFeatures: Feature[] = [
  {
    id: 'identity',
    path: '/identity',
    element: <IdentityPage />,
    capability: 'branding.manage',
    menu: { section: 'COMPANY', labelKey: 'branding.menu', icon: PaletteOutlined },
  },
];
