import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AppsPage = lazyPage(() => import('./AppsPage.tsx'), 'AppsPage');
const AppPage = lazyPage(() => import('./AppPage.tsx'), 'AppPage');

export const appsFeatures: Feature[] = [
  {
    id: 'apps',
    path: '/apps',
    element: <AppsPage />,
    capability: 'apps.manage',
    menu: { section: 'COMPANY', labelKey: 'apps.menu', icon: ExtensionOutlined },
  },
  // Every member opens an app from the top-bar apps menu; its settings show to apps.manage only.
  { id: 'app', path: '/apps/:publicId', element: <AppPage /> },
];
