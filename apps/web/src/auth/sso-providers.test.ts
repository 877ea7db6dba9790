import { describe, expect, it } from 'vitest';
import { emailDomainOf } from './sso-providers.ts';

describe('emailDomainOf', () => {
  it('answers the domain of a complete address, lower-cased, and null before', () => {
    expect(emailDomainOf(' Ada@Plant.Example.COM ')).toBe('plant.example.com');
    expect(emailDomainOf('ada@')).toBeNull();
    expect(emailDomainOf('ada@example')).toBeNull();
    expect(emailDomainOf('ada@example.')).toBeNull();
    expect(emailDomainOf('a b@example.com')).toBeNull();
    expect(emailDomainOf('')).toBeNull();
  });
});
