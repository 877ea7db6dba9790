import { describe, expect, it } from 'vitest';
import { featurePermitted } from './feature.ts';

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
