import { describe, expect, it } from 'vitest';
import { companyOf } from './client.ts';

describe('companyOf', () => {
  it('sends the company the user selected on company calls', () => {
    expect(companyOf({}, 'abc123def456')).toBe('abc123def456');
  });

  it('sends none without a selection: the server has no default company', () => {
    expect(companyOf({}, null)).toBeNull();
  });

  it('prefers the company a call is keyed on over the selection', () => {
    expect(companyOf({ companyId: 'k00000000001' }, 'abc123def456')).toBe('k00000000001');
    expect(companyOf({ companyId: 'k00000000001' }, null)).toBe('k00000000001');
  });

  it('sends none on calls outside any company', () => {
    expect(companyOf({ companyScoped: false }, 'abc123def456')).toBeNull();
    expect(companyOf({ companyScoped: false, companyId: 'k00000000001' }, null)).toBeNull();
  });
});
