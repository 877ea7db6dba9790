import { describe, expect, it } from 'vitest';
import type { Feature } from '../../app/feature.ts';
import { homeTarget } from './home-target.ts';

const features: Feature[] = [
  { id: 'home', path: '/', element: null },
  { id: 'mqtt', path: '/mqtt', element: null, capability: 'mqttBrokers.manage' },
  { id: 'roles', path: '/roles', element: null, capability: 'roles.manage' },
  { id: 'groups', path: '/groups', element: null, capability: 'groups.manage' },
  { id: 'group-type', path: '/groups/type/:publicId', element: null, capability: 'groups.manage' },
  { id: 'users', path: '/users', element: null, capability: 'users.invite' },
  { id: 'audit', path: '/audit-trail', element: null, capability: 'auditLogs.use' },
];

describe('homeTarget', () => {
  it('takes the first permitted entry in the spec order, not the registry order', () => {
    expect(homeTarget(features, ['roles.manage', 'groups.manage', 'users.invite'])).toBe('/users');
    expect(homeTarget(features, ['roles.manage', 'groups.manage'])).toBe('/groups');
    expect(homeTarget(features, ['auditLogs.use', 'roles.manage'])).toBe('/roles');
    expect(homeTarget(features, ['auditLogs.use'])).toBe('/audit-trail');
  });

  it('skips entries the registry does not offer and screens outside the order', () => {
    expect(homeTarget(features, ['mqttBrokers.manage', 'translations.manage'])).toBeNull();
  });

  it('leads users who reach devices but no console screen to the devices page', () => {
    const withDevices: Feature[] = [
      ...features,
      {
        id: 'devices',
        path: '/devices',
        element: null,
        anyCapability: ['agents.connect', 'agents.manage', 'accessRequests.use', 'accessRequests.manage'],
      },
    ];
    expect(homeTarget(withDevices, ['users.invite', 'accessRequests.use'])).toBe('/users');
    expect(homeTarget(withDevices, ['agents.manage'])).toBe('/devices');
    expect(homeTarget(withDevices, ['accessRequests.use', 'agents.connect'])).toBe('/devices');
    expect(homeTarget(withDevices, ['helpCentre.use'])).toBeNull();
  });

  it('gives null to a user without any right', () => {
    expect(homeTarget(features, ['accessRequests.use', 'agents.connect', 'helpCentre.use'])).toBeNull();
  });
});
