/**
 * The one catalogue of capabilities. Roles are sets of these; the server checks them and the
 * web app derives menus, routes and buttons from them. Names are `<area>.<right>`.
 */
export const capabilityCatalogue = [
  { key: 'users.invite', kind: 'manage', label: 'Invite and manage users' },
  { key: 'groups.manage', kind: 'manage', label: 'Manage groups' },
  { key: 'groupTypes.manage', kind: 'manage', label: 'Manage group types' },
  { key: 'subgroups.manage', kind: 'manage', label: 'Manage subgroups' },
  { key: 'roles.manage', kind: 'manage', label: 'Manage roles and access categories' },
  { key: 'branding.manage', kind: 'manage', label: 'Manage branding' },
  { key: 'translations.manage', kind: 'manage', label: 'Manage translations' },
  { key: 'privacyStatement.manage', kind: 'manage', label: 'Manage the privacy statement' },
  { key: 'termsOfUse.manage', kind: 'manage', label: 'Manage the terms of use' },
  { key: 'licences.manage', kind: 'manage', label: 'Manage licences' },
  { key: 'apps.manage', kind: 'manage', label: 'Manage apps' },
  { key: 'assetTypes.manage', kind: 'manage', label: 'Manage asset types' },
  { key: 'customFields.manage', kind: 'manage', label: 'Manage custom fields' },
  { key: 'mqttBrokers.manage', kind: 'manage', label: 'Manage MQTT brokers' },
  { key: 'auditLogs.use', kind: 'use', label: 'Read the audit trail' },
  { key: 'dataUsage.use', kind: 'use', label: 'See data usage' },
  { key: 'helpCentre.use', kind: 'use', label: 'Use the help centre' },
  { key: 'accessRequests.use', kind: 'use', label: 'Request access to devices' },
  { key: 'accessRequests.manage', kind: 'manage', label: 'Approve and manage access requests' },
  { key: 'agents.connect', kind: 'use', label: 'Connect to devices' },
  { key: 'agents.remoteControl', kind: 'use', label: 'Control device screens (VNC full control)' },
  { key: 'agents.manage', kind: 'manage', label: 'Manage devices, their services and enrolment' },
  { key: 'dataLogging.manage', kind: 'manage', label: 'Manage data sources, tags and alarm conditions' },
  { key: 'alarms.acknowledge', kind: 'use', label: 'Acknowledge alarms' },
  { key: 'pages.manage', kind: 'manage', label: 'Build and publish dashboards and reports' },
  { key: 'reports.use', kind: 'use', label: 'Queue and download reports' },
  { key: 'backendComponents.manage', kind: 'manage', label: 'Write and run backend components' },
  { key: 'webhooks.manage', kind: 'manage', label: 'Manage webhooks' },
] as const;

export type Capability = (typeof capabilityCatalogue)[number]['key'];

export const allCapabilities: readonly Capability[] = capabilityCatalogue.map((c) => c.key);

export function isCapability(value: string): value is Capability {
  return (allCapabilities as readonly string[]).includes(value);
}
