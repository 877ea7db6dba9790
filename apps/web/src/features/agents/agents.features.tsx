import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { Feature } from '../../app/feature.ts';
import { AgentsPage } from './AgentsPage.tsx';

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
