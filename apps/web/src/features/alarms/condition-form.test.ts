import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, validateForm } from './condition-form.ts';

describe('alarm condition form', () => {
  it('names the fields the server would refuse', () => {
    expect(validateForm(formOf(null))).toEqual({ name: 'required', tag: 'required', threshold: 'required' });
    const form = {
      ...formOf(null),
      name: 'Hot',
      tag: 'abcdefghijkl',
      threshold: 'x',
      hysteresis: '-1',
      delaySeconds: '1.5',
    };
    expect(validateForm(form)).toEqual({
      threshold: 'number',
      hysteresis: 'notNegative',
      delaySeconds: 'delayRange',
    });
    expect(validateForm({ ...form, kind: 'changed', hysteresis: '0', delaySeconds: '0' })).toEqual({});
  });

  it('sends numbers, and no threshold for changed', () => {
    const form = {
      ...formOf(null),
      name: ' Hot ',
      tag: 'abcdefghijkl',
      threshold: '80.5',
      delaySeconds: '30',
    };
    expect(bodyOf(form)).toEqual({
      name: 'Hot',
      tag: { publicId: 'abcdefghijkl' },
      kind: 'above',
      threshold: 80.5,
      hysteresis: 0,
      delaySeconds: 30,
      severity: 'warning',
      enabled: true,
    });
    expect(bodyOf({ ...form, kind: 'changed' }).threshold).toBeNull();
  });
});
