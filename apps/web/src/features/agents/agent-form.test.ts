import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Agent } from '@fleetgate/contracts';
import {
  agentFormSchema,
  agentFormValuesOf,
  agentInputOf,
  agentServerFormSchema,
  agentServerFormValuesOf,
  agentServerInputOf,
  shownServiceType,
} from './agent-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

const agent = {
  publicId: 'a00000000001',
  name: 'Press line 4',
  vpnLocked: true,
  webAccessLocked: false,
  vpnRequireAccessApproval: true,
  useStunnel: false,
  hasDisplay: true,
  memberships: [{ group: { publicId: 'g00000000001', name: 'Hall B' } }],
} as Agent;

describe('agent form', () => {
  it('round-trips an agent into its input with memberships as references', () => {
    const values = agentFormValuesOf(agent);
    expect(agentFormSchema(t).safeParse(values).success).toBe(true);
    expect(agentInputOf(values)).toEqual({
      name: 'Press line 4',
      vpnLocked: true,
      webAccessLocked: false,
      vpnRequireAccessApproval: true,
      useStunnel: false,
      hasDisplay: true,
      memberships: [{ group: { publicId: 'g00000000001' } }],
    });
  });

  it('starts a new agent unlocked and nameless, which is invalid', () => {
    const values = agentFormValuesOf(undefined);
    expect(values.vpnLocked).toBe(false);
    expect(values.hasDisplay).toBe(false);
    const result = agentFormSchema(t).safeParse(values);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'form.required' });
  });
});

describe('service form', () => {
  const valid = {
    name: 'HMI',
    host: '192.168.1.10',
    port: '8080',
    requireAccessApproval: true,
    serviceGroup: '',
    type: null,
    acceptSelfSigned: false,
  };

  it('turns the port into a number and an empty service group into null', () => {
    expect(agentServerFormSchema(t).safeParse(valid).success).toBe(true);
    expect(agentServerInputOf(valid)).toEqual({
      name: 'HMI',
      host: '192.168.1.10',
      port: 8080,
      requireAccessApproval: true,
      serviceGroup: null,
      type: 'http',
      acceptSelfSigned: false,
    });
  });

  it('types a new service by its port until one is chosen', () => {
    expect(agentServerFormValuesOf(undefined)).toMatchObject({ type: null, acceptSelfSigned: false });
    expect(shownServiceType({ type: null, port: '443' })).toBe('https');
    expect(shownServiceType({ type: null, port: ' 8080 ' })).toBe('http');
    expect(shownServiceType({ type: null, port: '5901' })).toBe('vnc');
    expect(shownServiceType({ type: null, port: '502' })).toBe('tcp');
    // Nothing or nonsense typed yet: connector only, as the server would say for no web port.
    expect(shownServiceType({ type: null, port: '' })).toBe('tcp');
    expect(shownServiceType({ type: null, port: '80a' })).toBe('tcp');
    // Once chosen, the port no longer decides.
    expect(shownServiceType({ type: 'vnc', port: '443' })).toBe('vnc');
    expect(agentServerInputOf({ ...valid, port: '443', type: 'tcp' }).type).toBe('tcp');
  });

  it('sends accepting a self-signed certificate only for an HTTPS service', () => {
    expect(agentServerInputOf({ ...valid, port: '443', acceptSelfSigned: true })).toMatchObject({
      type: 'https',
      acceptSelfSigned: true,
    });
    expect(agentServerInputOf({ ...valid, port: '443', type: 'http', acceptSelfSigned: true })).toMatchObject(
      {
        type: 'http',
        acceptSelfSigned: false,
      },
    );
  });

  it.each([
    ['port', '0', 'agents.serverDialog.portInvalid'],
    ['port', '65536', 'agents.serverDialog.portInvalid'],
    ['port', '80a', 'agents.serverDialog.portInvalid'],
    ['port', '', 'form.required'],
    ['host', 'http://plc', 'agents.serverDialog.hostInvalid'],
    ['host', 'plc:502 x', 'agents.serverDialog.hostInvalid'],
    ['host', '  ', 'form.required'],
  ])('refuses %s %j', (field, value, message) => {
    const result = agentServerFormSchema(t).safeParse({ ...valid, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('accepts IPv6 addresses and host names', () => {
    for (const host of ['fe80::1', 'plc-7.local']) {
      expect(agentServerFormSchema(t).safeParse({ ...valid, host }).success).toBe(true);
    }
  });

  it('shows a stored service as text fields', () => {
    expect(
      agentServerFormValuesOf({
        publicId: 's00000000001',
        name: 'PLC',
        host: 'plc',
        port: 502,
        requireAccessApproval: false,
        serviceGroup: 'Line 1',
        type: 'tcp',
        acceptSelfSigned: false,
      }),
    ).toEqual({
      name: 'PLC',
      host: 'plc',
      port: '502',
      requireAccessApproval: false,
      serviceGroup: 'Line 1',
      type: 'tcp',
      acceptSelfSigned: false,
    });
  });
});
