import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const WebhooksPage = lazyPage(() => import('./WebhooksPage.tsx'), 'WebhooksPage');

export const webhooksFeatures: Feature[] = [
  {
    id: 'webhooks',
    path: '/webhooks',
    element: <WebhooksPage />,
    capability: 'webhooks.manage',
    menu: { section: 'COMPANY', labelKey: 'webhooks.menu', icon: WebhookOutlined },
  },
];
