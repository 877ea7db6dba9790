import { describe, expect, it } from 'vitest';
import {
  activationBody,
  activeApps,
  choiceComplete,
  defaultActivationKind,
  devicesWithoutBundle,
  licenceTypeOf,
  seatUsage,
  usableLicences,
} from './licence-rules.ts';
import type { Licence } from './licence-wire.ts';

function licence(overrides: Partial<Licence> = {}): Licence {
  return {
    publicId: 'lic000000001',
    name: 'Data logging',
    type: { publicId: 'logging', name: 'Data logging' },
    seats: 2,
    seatsUsed: 1,
    seatsFree: 1,
    validFrom: '2026-01-01T00:00:00.000Z',
    validUntil: '2027-12-31T00:00:00.000Z',
    expired: false,
    agents: [],
    grantedBy: 'operator',
    createdOn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('activationBody (the client rule of spec §5)', () => {
  const filled = { licence: 'lic000000001', couponCode: ' FG-AAAA-BBBB-CCCC ' };

  it('sends only the agent and trial when the trial is chosen, whatever else was filled in', () => {
    expect(activationBody('agent0000001', { kind: 'trial', ...filled })).toEqual({
      publicId: 'agent0000001',
      trial: true,
    });
  });

  it('sends only the licence when a licence is chosen', () => {
    expect(activationBody('agent0000001', { kind: 'licence', ...filled })).toEqual({
      publicId: 'agent0000001',
      licence: { publicId: 'lic000000001' },
    });
  });

  it('sends only the trimmed coupon code when a coupon is chosen, even with a licence picked before', () => {
    expect(activationBody('agent0000001', { kind: 'coupon', ...filled })).toEqual({
      publicId: 'agent0000001',
      couponCode: 'FG-AAAA-BBBB-CCCC',
    });
  });

  it('never sends more than one of trial, licence and couponCode', () => {
    for (const kind of ['trial', 'licence', 'coupon'] as const) {
      const body = activationBody('a', { kind, ...filled });
      const given = ['trial', 'licence', 'couponCode'].filter((key) => key in body);
      expect(given).toHaveLength(1);
    }
  });
});

describe('choiceComplete', () => {
  it('needs an available trial, a picked licence or a non-blank code', () => {
    expect(choiceComplete({ kind: 'trial', licence: '', couponCode: '' }, true)).toBe(true);
    expect(choiceComplete({ kind: 'trial', licence: '', couponCode: '' }, false)).toBe(false);
    expect(choiceComplete({ kind: 'licence', licence: '', couponCode: 'x' }, true)).toBe(false);
    expect(choiceComplete({ kind: 'licence', licence: 'l', couponCode: '' }, false)).toBe(true);
    expect(choiceComplete({ kind: 'coupon', licence: 'l', couponCode: '   ' }, true)).toBe(false);
    expect(choiceComplete({ kind: 'coupon', licence: '', couponCode: 'FG-1' }, false)).toBe(true);
  });
});

describe('usableLicences', () => {
  it('keeps valid licences of the app type with a free seat', () => {
    const ok = licence({ publicId: 'ok' });
    const full = licence({ publicId: 'full', seatsUsed: 2, seatsFree: 0 });
    const expired = licence({ publicId: 'expired', expired: true });
    const alarming = licence({ publicId: 'alarm', type: { publicId: 'alarming', name: 'Alarming' } });
    expect(usableLicences([ok, full, expired, alarming], 'dataLogging').map((l) => l.publicId)).toEqual([
      'ok',
    ]);
    expect(usableLicences([ok, full, expired, alarming], 'alarming').map((l) => l.publicId)).toEqual([
      'alarm',
    ]);
  });

  it('maps each per-agent app to its plain licence type', () => {
    expect(licenceTypeOf('dataLogging')).toBe('logging');
    expect(licenceTypeOf('alarming')).toBe('alarming');
  });
});

describe('defaultActivationKind', () => {
  it('opens on the trial, else a licence, else a coupon', () => {
    expect(defaultActivationKind(true, [licence()])).toBe('trial');
    expect(defaultActivationKind(false, [licence()])).toBe('licence');
    expect(defaultActivationKind(false, [])).toBe('coupon');
  });
});

describe('seatUsage', () => {
  it('gives used of total and the fill of the bar', () => {
    expect(seatUsage({ seats: 2, seatsUsed: 1 })).toEqual({ used: 1, seats: 2, percent: 50 });
    expect(seatUsage({ seats: 3, seatsUsed: 3 })).toEqual({ used: 3, seats: 3, percent: 100 });
    expect(seatUsage({ seats: 3, seatsUsed: 0 })).toEqual({ used: 0, seats: 3, percent: 0 });
  });

  it('keeps the bar within 0–100 for odd counts', () => {
    expect(seatUsage({ seats: 2, seatsUsed: 5 }).percent).toBe(100);
    expect(seatUsage({ seats: 0, seatsUsed: 0 }).percent).toBe(0);
  });
});

describe('devicesWithoutBundle', () => {
  it('leaves out the devices already using the bundle, sorted by name', () => {
    const bundle = licence({ agents: [{ publicId: 'b', name: 'Beta' }] });
    const agents = [
      { publicId: 'c', name: 'Gamma' },
      { publicId: 'b', name: 'Beta' },
      { publicId: 'a', name: 'Alpha' },
    ];
    expect(devicesWithoutBundle(agents, bundle).map((a) => a.name)).toEqual(['Alpha', 'Gamma']);
  });
});

describe('activeApps', () => {
  const state = {
    source: 'trial' as const,
    startsOn: null,
    endsOn: null,
    licence: null,
    trialAvailable: false,
  };
  it('lists the apps active on an agent, none when the server sent no state', () => {
    expect(activeApps({ publicId: 'a', name: 'A' })).toEqual([]);
    expect(
      activeApps({
        publicId: 'a',
        name: 'A',
        logging: { ...state, active: true },
        alarming: { ...state, active: false },
      }),
    ).toEqual(['dataLogging']);
  });
});
