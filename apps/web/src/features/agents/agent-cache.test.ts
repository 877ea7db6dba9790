import { describe, expect, it } from 'vitest';
import type { Agent, AgentServer } from '@fleetgate/contracts';
import { withAgentChanged, withAgentRemoved, withServerChanged, withServerRemoved } from './agent-cache.ts';

const server = (publicId: string, name: string): AgentServer => ({
  publicId,
  name,
  host: '192.168.1.10',
  port: 502,
  requireAccessApproval: false,
  serviceGroup: null,
  type: 'tcp',
  acceptSelfSigned: false,
});

const agent = (publicId: string, servers: AgentServer[]) =>
  ({
    publicId,
    name: `Agent ${publicId}`,
    vpnLocked: false,
    webAccessLocked: false,
    vpnRequireAccessApproval: false,
    useStunnel: false,
    memberships: [{ publicId: `m-${publicId}`, group: { publicId: 'g1', name: 'Hall 1' } }],
    servers,
  }) as unknown as Agent;

const agents = [
  agent('a1', [server('s1', 'HMI'), server('s2', 'PLC')]),
  agent('a2', [server('s3', 'Camera')]),
];

describe('agent cache updates', () => {
  it('edit a service of its agent only', () => {
    const input = {
      name: 'HMI panel',
      host: '10.0.0.5',
      port: 8080,
      requireAccessApproval: true,
      serviceGroup: 'ui',
      type: 'http' as const,
      acceptSelfSigned: false,
    };
    const next = withServerChanged(agents, { agentId: 'a1', publicId: 's1', input });
    expect(next[0]!.servers).toEqual([{ publicId: 's1', ...input }, server('s2', 'PLC')]);
    expect(next[1]).toBe(agents[1]);
  });

  it('leave a new service to the reload', () => {
    const input = {
      name: 'New',
      host: 'h',
      port: 1,
      requireAccessApproval: false,
      serviceGroup: null,
      type: 'tcp' as const,
      acceptSelfSigned: false,
    };
    expect(withServerChanged(agents, { agentId: 'a1', publicId: undefined, input })).toBe(agents);
  });

  it('remove a deleted service from whichever agent has it', () => {
    const next = withServerRemoved(agents, 's3');
    expect(next[1]!.servers).toEqual([]);
    expect(next[0]).toBe(agents[0]);
  });

  it('edit an agent, keeping the memberships whose names are known', () => {
    const input = {
      name: 'Line 1 gateway',
      vpnLocked: true,
      webAccessLocked: false,
      vpnRequireAccessApproval: true,
      useStunnel: true,
      hasDisplay: true,
      memberships: [{ group: { publicId: 'g1' } }],
    };
    const [edited] = withAgentChanged(agents, { publicId: 'a1', input });
    expect(edited).toMatchObject({
      name: 'Line 1 gateway',
      vpnLocked: true,
      useStunnel: true,
      hasDisplay: true,
    });
    expect(edited!.memberships).toEqual(agents[0]!.memberships);
    expect(edited!.servers).toBe(agents[0]!.servers);
  });

  it('remove a deleted agent', () => {
    expect(withAgentRemoved(agents, 'a1').map((a) => a.publicId)).toEqual(['a2']);
  });
});
