import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { accessRequestErrors, type AccessRequestApprover } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import {
  canApproveAll,
  durationLabel,
  localizeRequestError,
  withinWait,
  requestFormDefaults,
  requestFormSchema,
  requestPayloadOf,
  startOfMinute,
  vpnOption,
  type RequestFormValues,
} from './request-access-form.ts';

// Keys and their options as text, so the assertions name the message that was chosen.
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

const hmi = 'server000001';
const ssh = 'server000002';
const full: AccessRequestApprover = {
  publicId: 'approver0001',
  name: 'Ada',
  servers: [{ publicId: hmi }, { publicId: ssh }],
};
const hmiOnly: AccessRequestApprover = {
  publicId: 'approver0002',
  name: 'Ben',
  servers: [{ publicId: hmi }],
};
const openedAt = new Date('2026-11-22T10:00:30Z');

function check(values: Partial<RequestFormValues>, now = new Date('2026-11-22T10:00:40Z')) {
  const schema = requestFormSchema(t, {
    approvers: [full, hmiOnly],
    defaultStart: openedAt,
    now: () => now,
  });
  const result = schema.safeParse({ ...requestFormDefaults(openedAt), ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const complete: Partial<RequestFormValues> = {
  services: [hmi],
  approvers: [hmiOnly.publicId],
  reason: 'Firmware update',
  duration: '60',
};

describe('requestFormSchema', () => {
  it('requires services, approvers, reason and duration', () => {
    expect(check({ reason: '   ' })).toEqual({
      services: 'devices.request.required',
      approvers: 'devices.request.required',
      reason: 'devices.request.required',
      duration: 'devices.request.required',
    });
    expect(check(complete)).toEqual({});
  });

  it('keeps the untouched default start valid, as it stands for "now"', () => {
    expect(check(complete, new Date('2026-11-22T10:30:00Z'))).toEqual({});
  });

  it('refuses a start before the current minute, an invalid date and no date', () => {
    const invalid = { start: 'devices.request.invalidDateTime' };
    expect(check({ ...complete, start: new Date('2026-11-22T09:59:59Z') })).toEqual(invalid);
    expect(check({ ...complete, start: new Date('2026-11-22T10:00:00Z') })).toEqual({});
    expect(check({ ...complete, start: new Date('2026-11-22T10:05:00Z') })).toEqual({});
    expect(check({ ...complete, start: new Date(Number.NaN) })).toEqual(invalid);
    expect(check({ ...complete, start: null })).toEqual({ start: 'devices.request.required' });
  });

  it('refuses an approver who cannot approve every selected service', () => {
    expect(check({ ...complete, services: [hmi, ssh] })).toEqual({
      approvers: 'devices.request.approverNotAllowed {"name":"Ben"}',
    });
    expect(check({ ...complete, services: [hmi, ssh], approvers: [full.publicId] })).toEqual({});
  });
});

describe('canApproveAll', () => {
  it('needs every selected service; VPN needs none', () => {
    expect(canApproveAll(hmiOnly, [hmi])).toBe(true);
    expect(canApproveAll(hmiOnly, [hmi, ssh])).toBe(false);
    expect(canApproveAll(hmiOnly, [vpnOption])).toBe(true);
    expect(canApproveAll(hmiOnly, [vpnOption, ssh])).toBe(false);
    expect(canApproveAll(full, [vpnOption, ssh])).toBe(true);
    expect(canApproveAll(hmiOnly, [])).toBe(true);
  });
});

describe('requestPayloadOf', () => {
  const values: RequestFormValues = {
    services: [vpnOption, hmi],
    approvers: [full.publicId],
    reason: '  Firmware update ',
    duration: '120',
    start: new Date('2026-11-22T11:00:00Z'),
  };

  it('sends VPN as a flag, the servers, the trimmed reason and the end from the duration', () => {
    expect(requestPayloadOf(values, true, new Date('2026-11-22T10:00:00Z'))).toEqual({
      allowedApprovers: [{ publicId: full.publicId }],
      servers: [{ publicId: hmi }],
      vpn: true,
      reason: 'Firmware update',
      start: '2026-11-22T11:00:00.000Z',
      end: '2026-11-22T13:00:00.000Z',
    });
  });

  it('starts an untouched start at the moment of sending', () => {
    const payload = requestPayloadOf({ ...values, duration: '30' }, false, new Date('2026-11-22T10:07:00Z'));
    expect(payload.start).toBe('2026-11-22T10:07:00.000Z');
    expect(payload.end).toBe('2026-11-22T10:37:00.000Z');
  });
});

describe('durationLabel', () => {
  it('counts minutes below two hours and hours from there', () => {
    expect(durationLabel(t, 90)).toBe('devices.request.minutes {"count":90}');
    expect(durationLabel(t, 120)).toBe('devices.request.hours {"count":2}');
    expect(durationLabel(t, 480)).toBe('devices.request.hours {"count":8}');
  });
});

describe('startOfMinute', () => {
  it('drops seconds and milliseconds', () => {
    expect(startOfMinute(new Date('2026-11-22T10:00:59.999Z')).toISOString()).toBe(
      '2026-11-22T10:00:00.000Z',
    );
  });
});

describe('localizeRequestError', () => {
  it('puts server errors on the form fields and translates this feature’s messages', () => {
    const error = new ApiError(400, [
      { message: accessRequestErrors.approverNotAllowed, propertyName: 'allowedApprovers[1].publicId' },
      { message: accessRequestErrors.invalidDateTime, propertyName: 'start' },
      { message: accessRequestErrors.durationNotOffered, propertyName: 'end' },
      { message: accessRequestErrors.vpnNotOffered, propertyName: 'vpn' },
      { message: accessRequestErrors.noAgentReference, propertyName: 'asset' },
      { message: 'Something else' },
    ]);
    const localized = localizeRequestError(error, t) as ApiError;
    expect(localized.status).toBe(400);
    expect(localized.errors).toEqual([
      { message: 'devices.request.approverCannot', propertyName: 'approvers' },
      { message: 'devices.request.invalidDateTime', propertyName: 'start' },
      { message: 'devices.request.durationNotOffered', propertyName: 'duration' },
      { message: 'devices.request.vpnNotOffered', propertyName: 'services' },
      { message: 'devices.request.noAgentReference', propertyName: 'asset' },
      { message: 'Something else' },
    ]);
  });

  it('leaves other errors alone', () => {
    const error = new Error('offline');
    expect(localizeRequestError(error, t)).toBe(error);
  });
});

describe('withinWait', () => {
  it('passes on a load that answers in time, and fails one that does not', async () => {
    await expect(withinWait(Promise.resolve('asset'), 1000)).resolves.toBe('asset');
    await expect(withinWait(Promise.reject(new Error('404')), 1000)).rejects.toThrow('404');
    await expect(withinWait(new Promise(() => undefined), 5)).rejects.toThrow('no answer within 0.005 s');
  });
});
