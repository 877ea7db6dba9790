import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AuditTrailPage = lazyPage(() => import('./AuditTrailPage.tsx'), 'AuditTrailPage');

export const auditTrailFeatures: Feature[] = [
  {
    id: 'audit-trail',
    path: '/audit-trail',
    element: <AuditTrailPage />,
    capability: 'auditLogs.use',
    menu: { section: 'COMPANY', labelKey: 'auditTrail.menu', icon: HistoryOutlined },
    searchScope: 'auditTrail',
  },
];
