import { describe, expect, it } from 'vitest';
import type { SvgIconComponent } from '@mui/icons-material';
import type { AppKey } from '@fleetgate/contracts';
import type { Feature } from '../../app/feature.ts';
import { buildNavSections, isItemExpanded, isPathUnder, sectionsOfPath } from './nav-sections.ts';

const icon = (() => null) as unknown as SvgIconComponent;

const features: Feature[] = [
  { id: 'home', path: '/', element: null },
  {
    id: 'mqtt',
    path: '/mqtt',
    element: null,
    capability: 'mqttBrokers.manage',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'shell.sections.COMPANY', icon },
  },
  {
    id: 'roles',
    path: '/roles',
    element: null,
    capability: 'roles.manage',
    menu: { section: 'USER_MANAGEMENT', labelKey: 'shell.sections.COMPANY', icon },
  },
  {
    id: 'users',
    path: '/users',
    element: null,
    capability: 'users.invite',
    menu: { section: 'USER_MANAGEMENT', labelKey: 'shell.sections.COMPANY', icon },
  },
  {
    id: 'logging',
    path: '/logging',
    element: null,
    capability: 'mqttBrokers.manage',
    app: 'dataLogging',
    menu: { section: 'DEVICE_SETTINGS', labelKey: 'shell.sections.COMPANY', icon },
  },
  {
    id: 'reports',
    path: '/reports',
    element: null,
    app: 'reports',
    menu: { section: 'REMOTE_ACCESS', labelKey: 'shell.sections.COMPANY', icon },
  },
  {
    id: 'identity',
    path: '/identity',
    element: null,
    menu: { section: 'COMPANY', labelKey: 'shell.sections.COMPANY', icon },
  },
];

const ids = (capabilities: string[]) =>
  buildNavSections(features, capabilities).map(({ section, items }) => [
    section,
    items.map((item) => item.id),
  ]);

describe('buildNavSections', () => {
  it('shows only links whose capability the user holds, in registry order, sections in fixed order', () => {
    expect(ids(['mqttBrokers.manage', 'users.invite', 'roles.manage'])).toEqual([
      ['USER_MANAGEMENT', ['roles', 'users']],
      ['COMPANY', ['identity']],
      ['DEVICE_SETTINGS', ['mqtt']],
    ]);
  });

  it('hides sections without a visible link', () => {
    expect(ids(['users.invite'])).toEqual([
      ['USER_MANAGEMENT', ['users']],
      ['COMPANY', ['identity']],
    ]);
  });

  it('shows an app’s links only while the company has installed the app (and the user holds its capability)', () => {
    const withApps = (capabilities: string[], installed: AppKey[] | undefined) =>
      buildNavSections(features, capabilities, installed).flatMap(({ items }) =>
        items.map((item) => item.id),
      );
    expect(withApps(['mqttBrokers.manage'], [])).toEqual(['identity', 'mqtt']);
    expect(withApps(['mqttBrokers.manage'], undefined)).toEqual(['identity', 'mqtt']);
    expect(withApps(['mqttBrokers.manage'], ['dataLogging'])).toEqual(['identity', 'mqtt', 'logging']);
    expect(withApps([], ['dataLogging', 'reports'])).toEqual(['reports', 'identity']);
    expect(withApps(['mqttBrokers.manage'], ['reports', 'dataLogging'])).toEqual([
      'reports',
      'identity',
      'mqtt',
      'logging',
    ]);
  });

  it('leaves out features without a menu entry', () => {
    expect(ids([]).flatMap(([, items]) => items)).not.toContain('home');
  });
});

describe('sectionsOfPath', () => {
  const sections = buildNavSections(features, ['mqttBrokers.manage', 'users.invite', 'roles.manage']);

  it('finds the section of a link and of screens below it', () => {
    expect(sectionsOfPath(sections, '/roles')).toEqual(['USER_MANAGEMENT']);
    expect(sectionsOfPath(sections, '/mqtt/abc123abc123')).toEqual(['DEVICE_SETTINGS']);
  });

  it('does not match a longer name that merely starts with a link', () => {
    expect(isPathUnder('/rolesX', '/roles')).toBe(false);
    expect(sectionsOfPath(sections, '/messages')).toEqual([]);
    expect(isPathUnder('/users', '/')).toBe(false);
  });
});

describe('isItemExpanded', () => {
  const groups = { id: 'groups', path: '/groups' };

  it('opens an item with children on its link and below it, and closes it elsewhere', () => {
    expect(isItemExpanded(groups, '/groups', new Map())).toBe(true);
    expect(isItemExpanded(groups, '/groups/type/abc123abc123', new Map())).toBe(true);
    expect(isItemExpanded(groups, '/assets', new Map())).toBe(false);
    expect(isItemExpanded(groups, '/groupsX', new Map())).toBe(false);
  });

  it('follows what the user toggled on the current URL', () => {
    expect(isItemExpanded(groups, '/roles', new Map([['groups', true]]))).toBe(true);
    expect(isItemExpanded(groups, '/groups', new Map([['groups', false]]))).toBe(false);
    expect(isItemExpanded(groups, '/roles', new Map([['assets', true]]))).toBe(false);
  });
});
