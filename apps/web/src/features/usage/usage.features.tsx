import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const UsagePage = lazyPage(() => import('./UsagePage.tsx'), 'UsagePage');

export const usageFeatures: Feature[] = [
  {
    id: 'usage',
    path: '/usage',
    element: <UsagePage />,
    capability: 'dataUsage.use',
    menu: { section: 'COMPANY', labelKey: 'usage.menu', icon: DataUsageOutlined },
  },
];
