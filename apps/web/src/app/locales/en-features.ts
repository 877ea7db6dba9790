import { messagesEn } from '../../features/messages/messages.en.ts';
import { groupsEn } from '../../features/groups/groups.en.ts';
import { assetsEn } from '../../features/assets/assets.en.ts';
import { usersEn } from '../../features/users/users.en.ts';
import { rolesEn } from '../../features/roles/roles.en.ts';
import { accessCategoriesEn } from '../../features/access-categories/access-categories.en.ts';
import { customFieldsEn } from '../../features/custom-fields/custom-fields.en.ts';
import { mqttEn } from '../../features/mqtt/mqtt.en.ts';
import { webhooksEn } from '../../features/webhooks/webhooks.en.ts';
import { backendComponentsEn } from '../../features/backend-components/backend-components.en.ts';
import { dataLoggingEn } from '../../features/data-logging/data-logging.en.ts';
import { ssoEn } from '../../features/sso/sso.en.ts';
import { auditTrailEn } from '../../features/audit-trail/audit-trail.en.ts';
import { devicesEn } from '../../features/devices/devices.en.ts';
import { agentsEn } from '../../features/agents/agents.en.ts';
import { accessRequestsEn } from '../../features/access-requests/access-requests.en.ts';
import { jumpStartEn } from '../../features/jump-start/jump-start.en.ts';
import { remindersEn } from '../../features/reminders/reminders.en.ts';
import { vpnEn } from '../../features/vpn/vpn.en.ts';
import { vpnMobileEn } from '../../features/vpn/vpn-mobile.en.ts';
import { helpCentreEn } from '../../features/help-centre/help-centre.en.ts';
import { translationsEn } from '../../features/translations/translations.en.ts';
import { myProfileEn } from '../../features/my-profile/my-profile.en.ts';
import { profileAccountEn } from '../../features/my-profile/profile-account.en.ts';
import { passwordRecoveryEn } from '../../features/password-recovery/password-recovery.en.ts';
import { signInHistoryEn } from '../../features/my-profile/sign-in-history.en.ts';
import { appsEn } from '../../features/apps/apps.en.ts';
import { screensaverEn } from '../../features/screensaver/screensaver.en.ts';
import { reportsEn } from '../../features/reports/reports.en.ts';
import { usageEn } from '../../features/usage/usage.en.ts';
import { alarmsEn } from '../../features/alarms/alarms.en.ts';
import { licencesEn } from '../../features/licences/licences.en.ts';
import { companyPropertiesEn } from '../../features/company-properties/company-properties.en.ts';
import { menuItemsEn } from '../../features/menu-items/menu-items.en.ts';
import { twoFactorAuthEn } from '../../auth/two-factor-auth.en.ts';
import { twoFactorEn } from '../../features/my-profile/two-factor.en.ts';
import { signInSecurityEn } from '../../features/sign-in-security/sign-in-security.en.ts';
import { passkeysEn } from '../../features/passkeys/passkeys.en.ts';
import { webAccessEn } from '../../features/web-access/web-access.en.ts';
import { pagesEn } from '../../features/pages/pages.en.ts';

/** The features' English texts, one chunk loaded before any screen behind the login (see i18n.ts). */
export const enFeatures = {
  // Each feature keeps its texts beside its code.
  messages: messagesEn,
  groups: groupsEn,
  assets: assetsEn,
  users: usersEn,
  roles: rolesEn,
  accessCategories: accessCategoriesEn,
  customFields: customFieldsEn,
  mqtt: mqttEn,
  webhooks: webhooksEn,
  backendComponents: backendComponentsEn,
  dataLogging: dataLoggingEn,
  devices: devicesEn,
  agents: agentsEn,
  accessRequests: accessRequestsEn,
  jumpStart: jumpStartEn,
  reminders: remindersEn,
  auditTrail: auditTrailEn,
  vpn: vpnEn,
  vpnMobile: vpnMobileEn,
  helpCentre: helpCentreEn,
  translations: translationsEn,
  myProfile: myProfileEn,
  profileAccount: profileAccountEn,
  passwordRecovery: passwordRecoveryEn,
  signInHistory: signInHistoryEn,
  apps: appsEn,
  screensaver: screensaverEn,
  reports: reportsEn,
  usage: usageEn,
  licences: licencesEn,
  alarms: alarmsEn,
  companyProperties: companyPropertiesEn,
  menuItems: menuItemsEn,
  twoFactorAuth: twoFactorAuthEn,
  twoFactor: twoFactorEn,
  signInSecurity: signInSecurityEn,
  sso: ssoEn,
  passkeys: passkeysEn,
  webAccess: webAccessEn,
  pages: pagesEn,
};
