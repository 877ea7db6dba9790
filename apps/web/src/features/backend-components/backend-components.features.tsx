import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const BackendComponentsPage = lazyPage(() => import('./BackendComponentsPage.tsx'), 'BackendComponentsPage');
const TemplateEditorPage = lazyPage(() => import('./TemplateEditorPage.tsx'), 'TemplateEditorPage');

/**
 * Not gated on the app like alarms: the console spec has adding a template in a company without
 * it answer "not fully provisioned", so the screen stays open and says the app is missing.
 */
export const backendComponentsFeatures: Feature[] = [
  {
    id: 'backend-components',
    path: '/backend-components',
    element: <BackendComponentsPage />,
    capability: 'backendComponents.manage',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'backendComponents.menu', icon: CloudSyncOutlined },
    searchScope: 'backendComponents',
  },
  {
    id: 'backend-component-template',
    path: '/backend-components/:publicId',
    element: <TemplateEditorPage />,
    capability: 'backendComponents.manage',
  },
];
