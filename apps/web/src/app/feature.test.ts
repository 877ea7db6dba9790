import { describe, expect, it } from 'vitest';
import { featureAppInstalled, featurePermitted } from './feature.ts';

describe('featurePermitted', () => {
  it('opens a feature without a capability to everyone', () => {
    expect(featurePermitted({}, [])).toBe(true);
  });

  it('needs the one capability of a feature', () => {
    expect(featurePermitted({ capability: 'roles.manage' }, ['roles.manage'])).toBe(true);
    expect(featurePermitted({ capability: 'roles.manage' }, ['users.invite'])).toBe(false);
  });

  it('needs any one of the listed capabilities', () => {
    const feature = { anyCapability: ['agents.connect', 'accessRequests.use'] as const };
    expect(featurePermitted(feature, ['accessRequests.use'])).toBe(true);
    expect(featurePermitted(feature, ['agents.connect', 'roles.manage'])).toBe(true);
    expect(featurePermitted(feature, ['roles.manage'])).toBe(false);
    expect(featurePermitted(feature, [])).toBe(false);
  });
});

describe('featureAppInstalled', () => {
  it('opens a feature of no app whatever the company installed', () => {
    expect(featureAppInstalled({}, [])).toBe(true);
    expect(featureAppInstalled({}, undefined)).toBe(true);
  });

  it('opens an app’s feature only while the company has installed that app', () => {
    expect(featureAppInstalled({ app: 'reports' }, ['reports', 'alarming'])).toBe(true);
    expect(featureAppInstalled({ app: 'reports' }, ['alarming'])).toBe(false);
    expect(featureAppInstalled({ app: 'reports' }, [])).toBe(false);
  });

  it('keeps an app’s feature closed while the company’s apps are not known yet', () => {
    expect(featureAppInstalled({ app: 'dataLogging' }, undefined)).toBe(false);
  });
});
