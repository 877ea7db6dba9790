import { describe, expect, it } from 'vitest';
import type { AgentMyAccess, AgentWebAccess } from '@fleetgate/contracts';
import { mayUseWeb, webActionOf } from './web-access-rules.ts';

const access = (web: AgentWebAccess): AgentMyAccess => ({
  vpn: 'direct',
  web,
  from: null,
  until: null,
  canRequest: true,
  webServers: [],
});

describe('web access rules', () => {
  it('opens web pages, views screens and leaves tcp to the connector', () => {
    expect(webActionOf({ type: 'http' })).toBe('open');
    expect(webActionOf({ type: 'https' })).toBe('open');
    expect(webActionOf({ type: 'vnc' })).toBe('view');
    expect(webActionOf({ type: 'tcp' })).toBeNull();
  });

  it('offers web access to exactly the services the server says are reachable by web now', () => {
    const agent = (webServers: string[]) => ({
      myAccess: { ...access('requested'), webServers: webServers.map((publicId) => ({ publicId })) },
    });
    expect(mayUseWeb(agent(['hmi000000001']), { publicId: 'hmi000000001' })).toBe(true);
    expect(mayUseWeb(agent(['hmi000000001']), { publicId: 'vnc000000001' })).toBe(false);
    expect(mayUseWeb(agent([]), { publicId: 'hmi000000001' })).toBe(false);
    expect(mayUseWeb({ myAccess: null }, { publicId: 'hmi000000001' })).toBe(false);
  });
});
