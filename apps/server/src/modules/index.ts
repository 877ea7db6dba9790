import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Api } from '../http/api.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { EventBus } from '../events/event-bus.ts';
import { registerAccountRoutes } from './account/account.routes.ts';
import { registerPasswordRecoveryRoutes } from './password-recovery/password-recovery.routes.ts';
import { registerCompanyRoutes } from './companies/company.routes.ts';
import { registerRoleRoutes } from './roles/role.routes.ts';
import { registerMembershipRoutes } from './memberships/membership.routes.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerMessageRoutes } from './messages/message.routes.ts';
import { registerClientConfigRoutes } from './client-config/client-config.routes.ts';
import { registerGroupTypeRoutes } from './group-types/group-type.routes.ts';
import { registerGroupRoutes } from './groups/group.routes.ts';
import { registerAssetTypeRoutes } from './asset-types/asset-type.routes.ts';
import { registerAssetRoutes } from './assets/asset.routes.ts';
import { registerInviteRoutes } from './invites/invite.routes.ts';
import { registerUserRoutes } from './users/user.routes.ts';
import { registerAudienceRoutes } from './audiences/audience.routes.ts';
import { registerCustomFieldRoutes } from './custom-fields/custom-field.routes.ts';
import { registerMqttBrokerRoutes } from './mqtt/mqtt-broker.routes.ts';
import { registerAgentRoutes } from './agents/agent.routes.ts';
import { registerAccessRequestRoutes } from './access-requests/access-request.routes.ts';
import { registerTunnelRoutes } from './tunnels/tunnel.routes.ts';
import { registerVpnReleaseRoutes } from './vpn-releases/vpn-release.routes.ts';
import { registerCompanyItemRoutes } from './companies/company-item.routes.ts';
import { registerTranslationRoutes } from './translations/translation.routes.ts';
import { registerTermsRoutes } from './terms/terms.routes.ts';
import type { InviteLimiter } from './invites/invite.limiter.ts';
import type { AttemptLimiter, Limiters } from '../auth/limiters.ts';
import type { BrandingHosts } from './branding/branding-host-cache.ts';
import { registerBrandingRoutes } from './branding/branding.routes.ts';
import { registerSectorRoutes } from './sectors/sector.routes.ts';
import { createInviteSender } from './invites/invite.sender.ts';
import { registerAppRoutes } from './apps/app.routes.ts';
import { registerUsageRoutes } from './usage/usage.routes.ts';
import { registerGroupMemberRoutes } from './groups/group-member.routes.ts';
import { registerTemporaryAccessRoutes } from './temporary-access/temporary-access.routes.ts';
import { registerLicenceRoutes } from './licences/licence.routes.ts';
import { registerCompanyPropertyRoutes } from './company-properties/company-property.routes.ts';
import { registerMenuItemRoutes } from './menu-items/menu-item.routes.ts';
import { registerTwoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { registerSignInRulesRoutes } from './sign-in-rules/sign-in-rules.routes.ts';
import { registerSignInEventRoutes } from './sign-in-events/sign-in-event.routes.ts';
import { registerTrustedDeviceRoutes } from './trusted-devices/trusted-device.routes.ts';
import { registerSsoRoutes } from './sso/sso.routes.ts';
import { registerPasskeyRoutes } from './passkeys/passkey.routes.ts';
import { registerWebAccessRoutes } from './web-access/web-access.routes.ts';
import { alarmNotifyDeps, registerAlarmRoutes } from './alarms/alarm.routes.ts';
import { createAlarmEvaluator } from './alarms/alarm-evaluator.ts';
import { registerPageRoutes } from './pages/page.routes.ts';
import type { WebAccessGateway } from '../web-access/gateway.ts';
import { registerReportRoutes } from './reports/report.routes.ts';
import { registerDataLoggingRoutes } from './data-logging/data-logging.routes.ts';
import { createSamplesDomainEvent } from './data-logging/samples-domain-event.ts';
import { registerBackendComponentRoutes } from './backend-components/backend-components.routes.ts';
import { registerWebhookRoutes } from './webhooks/webhook.routes.ts';

export type ModuleDeps = {
  config: Config;
  log: FastifyBaseLogger;
  loginLimiter: LoginLimiter;
  /** Every other rate limit, shared by the server processes on PostgreSQL (named per route). */
  limiters: Limiters;
  registrationLimiter: { consume(key: string): Promise<void> };
  /** Invitations per inviter and per company (both invitation routes share it). */
  inviteLimiter: InviteLimiter;
  /** Companies created per user. */
  companyCreationLimiter: { consume(key: string): Promise<void> };
  events: EventBus;
  /** Host names that brandings claim (host check, discovery, same-site links). */
  brandingHosts: BrandingHosts;
  /** Web access sessions running in this process (ending one at its user's request). */
  webAccess: Pick<WebAccessGateway, 'end'>;
  /** Public branding lookups per client address. */
  brandingLookupLimiter: AttemptLimiter;
};

/** Every feature module of the API, in one place. */
export function registerModules(api: Api, deps: ModuleDeps) {
  const sendInvites = createInviteSender(deps);
  registerAccountRoutes(api, deps);
  registerPasswordRecoveryRoutes(api, deps);
  registerCompanyRoutes(api, deps.companyCreationLimiter);
  registerRoleRoutes(api);
  registerMembershipRoutes(api, sendInvites);
  registerAuditRoutes(api);
  registerMessageRoutes(api, deps);
  registerClientConfigRoutes(api, deps);
  registerGroupTypeRoutes(api, deps);
  registerGroupRoutes(api, deps);
  registerGroupMemberRoutes(api);
  registerTemporaryAccessRoutes(api);
  registerAssetTypeRoutes(api, deps);
  registerAssetRoutes(api, deps);
  registerInviteRoutes(api, sendInvites);
  registerUserRoutes(api, deps);
  registerAudienceRoutes(api, deps);
  registerCustomFieldRoutes(api, deps);
  registerMqttBrokerRoutes(api, deps);
  registerAgentRoutes(api, deps);
  registerAccessRequestRoutes(api, deps);
  registerTunnelRoutes(api, deps);
  registerWebAccessRoutes(api, deps);
  registerVpnReleaseRoutes(api, deps);
  registerCompanyItemRoutes(api, deps);
  registerTranslationRoutes(api, deps);
  registerTermsRoutes(api, deps);
  registerBrandingRoutes(api, deps);
  registerSectorRoutes(api);
  registerAppRoutes(api, deps);
  registerUsageRoutes(api);
  registerLicenceRoutes(api, deps);
  registerCompanyPropertyRoutes(api);
  registerMenuItemRoutes(api, deps);
  registerTwoFactorRoutes(api, deps);
  registerSignInRulesRoutes(api);
  registerSignInEventRoutes(api);
  registerTrustedDeviceRoutes(api);
  registerSsoRoutes(api, deps);
  registerPasskeyRoutes(api, deps);
  registerReportRoutes(api, deps);
  registerAlarmRoutes(api, deps);
  registerPageRoutes(api, deps);
  registerBackendComponentRoutes(api, deps);
  registerWebhookRoutes(api, deps);
  // Alarms are evaluated in the transaction that stores each batch of samples.
  registerDataLoggingRoutes(api, {
    ...deps,
    onSamplesStored: [createAlarmEvaluator(alarmNotifyDeps(deps)), createSamplesDomainEvent(deps.events)],
  });
}
