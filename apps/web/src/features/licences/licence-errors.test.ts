import { describe, expect, it } from 'vitest';
import { licenceErrors } from '@fleetgate/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { describeLicenceError } from './licence-errors.ts';

const t = ((key: string, options?: { app?: string }) =>
  options?.app ? `${key}[${options.app}]` : key) as unknown as TFunction;

describe('describeLicenceError', () => {
  it('puts the server licence messages into the feature texts', () => {
    const refused = new ApiError(409, [{ message: licenceErrors.noFreeSeats, propertyName: 'licence' }]);
    expect(describeLicenceError(t, refused)).toBe('licences.errors.noFreeSeats');
    const coupon = new ApiError(400, [{ message: licenceErrors.couponUnknown, propertyName: 'couponCode' }]);
    expect(describeLicenceError(t, coupon)).toBe('licences.errors.couponUnknown');
  });

  it('names the app of the messages that carry one', () => {
    const used = new ApiError(409, [{ message: licenceErrors.trialUsed('alarming') }]);
    expect(describeLicenceError(t, used)).toBe('licences.errors.trialUsed[licences.apps.alarming]');
    const active = new ApiError(409, [{ message: licenceErrors.alreadyActive('dataLogging') }]);
    expect(describeLicenceError(t, active)).toBe('licences.errors.alreadyActive[licences.apps.dataLogging]');
  });

  it('shows any other message as the rest of the app does', () => {
    const other = new ApiError(400, [{ message: 'Something new' }]);
    expect(describeLicenceError(t, other)).toBe('Something new');
    expect(describeLicenceError(t, new Error('x'))).toBe('errors.unexpected');
  });
});
