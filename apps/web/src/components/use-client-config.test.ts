import { describe, expect, it } from 'vitest';
import { isOnCloudDomain } from './use-client-config.ts';

describe('isOnCloudDomain', () => {
  it('is true when the host name ends with the cloud domain', () => {
    expect(isOnCloudDomain('acme.fleetgate.example', 'fleetgate.example')).toBe(true);
    expect(isOnCloudDomain('FLEETGATE.example', 'fleetgate.EXAMPLE')).toBe(true);
  });

  it('is false on other hosts and without a configured domain', () => {
    expect(isOnCloudDomain('localhost', 'fleetgate.example')).toBe(false);
    expect(isOnCloudDomain('fleetgate.example.evil.test', 'fleetgate.example')).toBe(false);
    expect(isOnCloudDomain('acme.fleetgate.example', null)).toBe(false);
  });
});
