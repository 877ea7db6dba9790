import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { Feature } from '../../app/feature.ts';
import { AccessRequestsPage } from './AccessRequestsPage.tsx';

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
