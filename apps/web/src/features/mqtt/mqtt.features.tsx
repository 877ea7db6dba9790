import HubOutlined from '@mui/icons-material/HubOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const MqttBrokersPage = lazyPage(() => import('./MqttBrokersPage.tsx'), 'MqttBrokersPage');

export const mqttFeatures: Feature[] = [
  {
    id: 'mqtt',
    path: '/mqtt',
    element: <MqttBrokersPage />,
    capability: 'mqttBrokers.manage',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'mqtt.menu', icon: HubOutlined },
    searchScope: 'mqttBrokers',
  },
];
