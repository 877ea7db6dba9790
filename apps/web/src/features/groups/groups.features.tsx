import Workspaces from '@mui/icons-material/Workspaces';
import type { Feature } from '../../app/feature.ts';
import { lazyPage, lazyPart } from '../../app/lazy-part.tsx';
import { groupsCapability } from './groups-capability.ts';

const GroupTypesDrawer = lazyPart(() => import('./GroupTypesDrawer.tsx'), 'GroupTypesDrawer', null);
const GroupsPage = lazyPage(() => import('./GroupsPage.tsx'), 'GroupsPage');

export const groupsFeatures: Feature[] = [
  {
    id: 'groups',
    path: '/groups',
    element: <GroupsPage />,
    capability: groupsCapability,
    menu: {
      section: 'USER_MANAGEMENT',
      labelKey: 'groups.menu',
      icon: Workspaces,
      children: <GroupTypesDrawer />,
    },
    searchScope: 'groups',
  },
  {
    id: 'groups-of-type',
    path: '/groups/type/:publicId',
    element: <GroupsPage />,
    capability: groupsCapability,
    searchScope: 'groups',
  },
];
