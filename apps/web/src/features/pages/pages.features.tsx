import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const PagesListPage = lazyPage(() => import('./PagesListPage.tsx'), 'PagesListPage');
const PageViewerPage = lazyPage(() => import('./PageViewerPage.tsx'), 'PageViewerPage');
const PageBuilderPage = lazyPage(() => import('./PageBuilderPage.tsx'), 'PageBuilderPage');

/**
 * Dashboards: for whoever sees devices (the server shows each the pages of the devices they see)
 * and for page builders.
 */
const pagesCapabilities = [
  'agents.connect',
  'agents.manage',
  'accessRequests.use',
  'accessRequests.manage',
  'pages.manage',
] as const;

export const pagesFeatures: Feature[] = [
  {
    id: 'pages',
    path: '/pages',
    element: <PagesListPage />,
    anyCapability: pagesCapabilities,
    menu: { section: 'REMOTE_ACCESS', labelKey: 'pages.menu', icon: DashboardOutlined },
  },
  {
    id: 'page-viewer',
    path: '/pages/:pageId',
    element: <PageViewerPage />,
    anyCapability: pagesCapabilities,
  },
  {
    id: 'page-builder',
    path: '/pages/:pageId/edit',
    element: <PageBuilderPage />,
    capability: 'pages.manage',
  },
];
