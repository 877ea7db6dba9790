import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AccessCategoriesPage = lazyPage(() => import('./AccessCategoriesPage.tsx'), 'AccessCategoriesPage');

export const accessCategoriesFeatures: Feature[] = [
  {
    id: 'access-categories',
    path: '/access-categories',
    element: <AccessCategoriesPage />,
    capability: 'roles.manage',
    menu: { section: 'USER_MANAGEMENT', labelKey: 'accessCategories.menu', icon: CategoryOutlined },
  },
];
