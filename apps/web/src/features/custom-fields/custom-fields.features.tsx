import DynamicFormOutlined from '@mui/icons-material/DynamicFormOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const CustomFieldsPage = lazyPage(() => import('./CustomFieldsPage.tsx'), 'CustomFieldsPage');

export const customFieldsFeatures: Feature[] = [
  {
    id: 'custom-fields',
    path: '/custom-fields',
    element: <CustomFieldsPage />,
    capability: 'customFields.manage',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'customFields.menu', icon: DynamicFormOutlined },
    searchScope: 'customFields',
  },
];
