import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const UsersPage = lazyPage(() => import('./UsersPage.tsx'), 'UsersPage');

export const usersFeatures: Feature[] = [
  {
    id: 'users',
    path: '/users',
    element: <UsersPage />,
    capability: 'users.invite',
    menu: { section: 'USER_MANAGEMENT', labelKey: 'users.menu', icon: PeopleOutlined },
  },
];
