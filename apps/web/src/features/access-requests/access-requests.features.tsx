import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AccessRequestsPage = lazyPage(() => import('./AccessRequestsPage.tsx'), 'AccessRequestsPage');

export const accessRequestsFeatures: Feature[] = [
  {
    id: 'access-requests',
    path: '/access-requests',
    element: <AccessRequestsPage />,
    // Requesters follow their own requests here; managers of access requests decide them.
    anyCapability: ['accessRequests.use', 'accessRequests.manage'],
    menu: { section: 'REMOTE_ACCESS', labelKey: 'accessRequests.menu', icon: FactCheckOutlined },
  },
];
