import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const DataLoggingSettingsPage = lazyPage(
  () => import('./DataLoggingSettingsPage.tsx'),
  'DataLoggingSettingsPage',
);

export const dataLoggingFeatures: Feature[] = [
  {
    id: 'data-logging',
    path: '/data-logging',
    element: <DataLoggingSettingsPage />,
    capability: 'dataLogging.manage',
    app: 'dataLogging',
    menu: { section: 'COMPANY', labelKey: 'dataLogging.menu', icon: QueryStatsOutlined },
  },
];
