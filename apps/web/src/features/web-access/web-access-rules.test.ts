import { describe, expect, it } from 'vitest';
import type { AgentMyAccess, AgentWebAccess } from '@fleetgate/contracts';
import { mayUseWeb, webActionOf } from './web-access-rules.ts';

const access = (web: AgentWebAccess): AgentMyAccess => ({
  vpn: 'direct',
  web,
  from: null,
  until: null,
  canRequest: true,
});

describe('web access rules', () => {
  it('opens web pages, views screens and leaves tcp to the connector', () => {
    expect(webActionOf({ type: 'http' })).toBe('open');
    expect(webActionOf({ type: 'https' })).toBe('open');
    expect(webActionOf({ type: 'vnc' })).toBe('view');
    expect(webActionOf({ type: 'tcp' })).toBeNull();
  });

  it('offers web access when direct or requested, never when not allowed or unknown', () => {
    const open = { requireAccessApproval: true };
    expect(mayUseWeb({ myAccess: access('direct'), webAccessLocked: true }, open)).toBe(true);
    expect(mayUseWeb({ myAccess: access('requested'), webAccessLocked: true }, open)).toBe(true);
    expect(
      mayUseWeb({ myAccess: access('notAllowed'), webAccessLocked: false }, { requireAccessApproval: false }),
    ).toBe(false);
    expect(mayUseWeb({ myAccess: null, webAccessLocked: false }, { requireAccessApproval: false })).toBe(
      false,
    );
  });

  it('without a request, offers only services that need no approval on an agent without the web lock', () => {
    const needs = access('needsApproval');
    expect(mayUseWeb({ myAccess: needs, webAccessLocked: false }, { requireAccessApproval: false })).toBe(
      true,
    );
    expect(mayUseWeb({ myAccess: needs, webAccessLocked: false }, { requireAccessApproval: true })).toBe(
      false,
    );
    expect(mayUseWeb({ myAccess: needs, webAccessLocked: true }, { requireAccessApproval: false })).toBe(
      false,
    );
  });
});
