import type { Feature } from './feature.ts';
import { lazyPage } from './lazy-part.tsx';
import { messagesFeatures } from '../features/messages/messages.features.tsx';
import { usersFeatures } from '../features/users/users.features.tsx';
import { groupsFeatures } from '../features/groups/groups.features.tsx';
import { rolesFeatures } from '../features/roles/roles.features.tsx';
import { accessCategoriesFeatures } from '../features/access-categories/access-categories.features.tsx';
import { assetsFeatures } from '../features/assets/assets.features.tsx';
import { customFieldsFeatures } from '../features/custom-fields/custom-fields.features.tsx';
import { mqttFeatures } from '../features/mqtt/mqtt.features.tsx';
import { backendComponentsFeatures } from '../features/backend-components/backend-components.features.tsx';
import { auditTrailFeatures } from '../features/audit-trail/audit-trail.features.tsx';
import { devicesFeatures } from '../features/devices/devices.features.tsx';
import { agentsFeatures } from '../features/agents/agents.features.tsx';
import { accessRequestsFeatures } from '../features/access-requests/access-requests.features.tsx';
import { translationsFeatures } from '../features/translations/translations.features.tsx';
import { brandingFeatures } from '../features/branding/branding.features.tsx';
import { appsFeatures } from '../features/apps/apps.features.tsx';
import { usageFeatures } from '../features/usage/usage.features.tsx';
import { licencesFeatures } from '../features/licences/licences.features.tsx';
import { alarmsFeatures } from '../features/alarms/alarms.features.tsx';
import { signInSecurityFeatures } from '../features/sign-in-security/sign-in-security.features.tsx';
import { pagesFeatures } from '../features/pages/pages.features.tsx';
import { webhooksFeatures } from '../features/webhooks/webhooks.features.tsx';

const HomePage = lazyPage(() => import('../features/home/HomePage.tsx'), 'HomePage');

/**
 * The one feature registry: every screen of the shell with its route, menu entry and capability.
 * Pages come through `lazyPage` (see the *.features.tsx files), so this list and the menu built
 * from it load with the app (menu entries show in this order, as the specs list them) while each page's code is fetched when the page is first opened.
 */
export const features: Feature[] = [
  { id: 'home', path: '/', element: <HomePage /> },
  ...devicesFeatures,
  ...pagesFeatures,
  ...accessRequestsFeatures,
  ...alarmsFeatures,
  ...usersFeatures,
  ...groupsFeatures,
  ...rolesFeatures,
  ...accessCategoriesFeatures,
  ...brandingFeatures,
  ...translationsFeatures,
  ...usageFeatures,
  ...auditTrailFeatures,
  ...signInSecurityFeatures,
  ...licencesFeatures,
  ...appsFeatures,
  ...webhooksFeatures,
  ...assetsFeatures,
  ...customFieldsFeatures,
  ...mqttFeatures,
  ...backendComponentsFeatures,
  ...agentsFeatures,
  ...messagesFeatures,
];
