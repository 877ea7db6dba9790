import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AgentsPage = lazyPage(() => import('./AgentsPage.tsx'), 'AgentsPage');

export const agentsFeatures: Feature[] = [
  {
    id: 'agents',
    path: '/agents',
    element: <AgentsPage />,
    capability: 'agents.manage',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'agents.menu', icon: RouterOutlined },
    searchScope: 'agents',
  },
];
