import Workspaces from '@mui/icons-material/Workspaces';
import type { Feature } from '../../app/feature.ts';
import { GroupTypesDrawer } from './GroupTypesDrawer.tsx';
import { GroupsPage } from './GroupsPage.tsx';
import { groupsCapability } from './groups-capability.ts';

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
