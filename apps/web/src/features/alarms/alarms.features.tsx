import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const AlarmsPage = lazyPage(() => import('./AlarmsPage.tsx'), 'AlarmsPage');

/** Every member may open the page; the server answers with the alarms of the devices they see. */
export const alarmsFeatures: Feature[] = [
  {
    id: 'alarms',
    path: '/alarms',
    element: <AlarmsPage />,
    app: 'alarming',
    menu: { section: 'REMOTE_ACCESS', labelKey: 'alarms.menu', icon: NotificationsActiveOutlined },
  },
];
