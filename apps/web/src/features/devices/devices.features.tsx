import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage, lazyPart } from '../../app/lazy-part.tsx';

const DeviceDetailPage = lazyPage(() => import('./DeviceDetailPage.tsx'), 'DeviceDetailPage');
const DevicesPage = lazyPage(() => import('./DevicesPage.tsx'), 'DevicesPage');
const DeviceDetailsPanel = lazyPart(() => import('./DeviceDetailsPanel.tsx'), 'DeviceDetailsPanel', null);

/** Whoever may connect to, manage or request access to devices sees them. */
const devicesCapabilities = [
  'agents.connect',
  'agents.manage',
  'accessRequests.use',
  'accessRequests.manage',
] as const;

export const devicesFeatures: Feature[] = [
  {
    id: 'devices',
    path: '/devices',
    element: <DevicesPage />,
    anyCapability: devicesCapabilities,
    menu: { section: 'REMOTE_ACCESS', labelKey: 'devices.menu', icon: RouterOutlined },
    searchScope: 'devices',
  },
  {
    id: 'device',
    path: '/devices/:publicId',
    element: <DeviceDetailPage />,
    anyCapability: devicesCapabilities,
    // The device's facts sit in the right drawer, beside its services and actions.
    rightMenu: <DeviceDetailsPanel />,
  },
];
