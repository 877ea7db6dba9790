import HubOutlined from '@mui/icons-material/HubOutlined';
import type { Feature } from '../../app/feature.ts';
import { MqttBrokersPage } from './MqttBrokersPage.tsx';

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
