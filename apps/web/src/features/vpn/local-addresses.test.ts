import { describe, expect, it } from 'vitest';
import type { AgentServer } from '@fleetgate/contracts';
import type { ConnectorStatus } from './connector-client.ts';
import { deviceAddress, localAddresses, webScheme } from './local-addresses.ts';

const server = (publicId: string, name: string, host: string, port: number): AgentServer => ({
  publicId,
  name,
  host,
  port,
  requireAccessApproval: false,
  serviceGroup: null,
  type: 'tcp',
  acceptSelfSigned: false,
});
const agent = {
  name: 'Line 1 gateway',
  servers: [
    server('s1', 'hmi', '192.168.1.10', 43123),
    server('s2', 'plc', '192.168.1.20', 102),
    server('s3', 'panel', 'fd00::10', 443),
  ],
};
const connected: ConnectorStatus = {
  status: 'connected',
  activeRequest: { agentId: 'a1', companyId: 'c1' },
  code: 4,
  message: 'Connected, listening on local ports',
  version: '0.1.0',
  socksPort: 9251,
  services: [
    { publicId: 's1', name: 'hmi', localPort: 9252 },
    { publicId: 's2', name: 'plc', localPort: 9253 },
    { publicId: 's3', name: 'panel', localPort: 9254, movedFrom: 9250 },
  ],
};

describe('web services', () => {
  it('are told by the device port or by the name', () => {
    expect(webScheme({ name: 'x', port: 80 })).toBe('http');
    expect(webScheme({ name: 'x', port: 8080 })).toBe('http');
    expect(webScheme({ name: 'x', port: 443 })).toBe('https');
    expect(webScheme({ name: 'x', port: 8443 })).toBe('https');
    expect(webScheme({ name: 'HMI', port: 43123 })).toBe('http');
    expect(webScheme({ name: 'web-ui', port: 5000 })).toBe('http');
    expect(webScheme({ name: 'https admin', port: 5001 })).toBe('https');
    expect(webScheme({ name: 'plc', port: 102 })).toBeNull();
    expect(webScheme({ name: 'ssh', port: 22 })).toBeNull();
    // A word inside another is not a hint: "build", "hmix".
    expect(webScheme({ name: 'build', port: 9000 })).toBeNull();
    expect(webScheme({ name: 'hmix', port: 9000 })).toBeNull();
  });
});

describe('local addresses', () => {
  it('list each service on 127.0.0.1 with its device address, a link for web services, and SOCKS5', () => {
    expect(localAddresses(connected, 'a1', agent)).toEqual({
      services: [
        {
          publicId: 's1',
          name: 'hmi',
          address: '127.0.0.1:9252',
          url: 'http://127.0.0.1:9252/',
          deviceAddress: '192.168.1.10:43123',
          movedFrom: null,
        },
        {
          publicId: 's2',
          name: 'plc',
          address: '127.0.0.1:9253',
          url: null,
          deviceAddress: '192.168.1.20:102',
          movedFrom: null,
        },
        {
          publicId: 's3',
          name: 'panel',
          address: '127.0.0.1:9254',
          url: 'https://127.0.0.1:9254/',
          deviceAddress: '[fd00::10]:443',
          movedFrom: '127.0.0.1:9250',
        },
      ],
      socks: '127.0.0.1:9251',
      socksExample: 'curl --socks5-hostname 127.0.0.1:9251 http://hmi.line-1-gateway/',
    });
  });

  it('exist only while connected to that device', () => {
    expect(localAddresses(connected, 'other', agent)).toBeNull();
    expect(localAddresses(connected, undefined, agent)).toBeNull();
    expect(localAddresses({ ...connected, status: 'connecting' }, 'a1', agent)).toBeNull();
    expect(localAddresses(null, 'a1', agent)).toBeNull();
  });

  it('work before the device is loaded, from the connector alone', () => {
    const local = localAddresses(connected, 'a1', undefined)!;
    expect(local.services[0]).toMatchObject({ address: '127.0.0.1:9252', url: 'http://127.0.0.1:9252/' });
    expect(local.services[0]!.deviceAddress).toBeNull();
    expect(local.socksExample).toBe('curl --socks5-hostname 127.0.0.1:9251 http://hmi.a1/');
    expect(deviceAddress({ host: '10.0.0.1', port: 80 })).toBe('10.0.0.1:80');
  });
});
