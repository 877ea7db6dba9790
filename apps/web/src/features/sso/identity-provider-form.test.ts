import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import {
  createInputOf,
  domainsOf,
  formValuesOf,
  identityProviderFormSchema,
  patchOf,
} from './identity-provider-form.ts';

const t = ((key: string) => key) as unknown as TFunction;
const valid = {
  name: 'Entra',
  issuerUrl: 'https://login.example.com/tenant',
  clientId: 'fleetgate',
  clientSecret: 's3cret',
  allowedDomains: 'Example.com, plant.example.org\nexample.com',
  logoUrl: '',
};

describe('identity provider form', () => {
  it('splits, lower-cases and de-duplicates the domains', () => {
    expect(domainsOf(valid.allowedDomains)).toEqual(['example.com', 'plant.example.org']);
    expect(createInputOf(valid)).toEqual({
      name: 'Entra',
      issuerUrl: 'https://login.example.com/tenant',
      clientId: 'fleetgate',
      clientSecret: 's3cret',
      allowedDomains: ['example.com', 'plant.example.org'],
      logoUrl: null,
    });
  });

  it('needs a secret when adding but keeps the stored one when editing', () => {
    const noSecret = { ...valid, clientSecret: '' };
    expect(identityProviderFormSchema(t, false).safeParse(noSecret).success).toBe(false);
    expect(identityProviderFormSchema(t, true).safeParse(noSecret).success).toBe(true);
    expect(patchOf(noSecret)).not.toHaveProperty('clientSecret');
    expect(patchOf(valid)).toHaveProperty('clientSecret', 's3cret');
  });

  it('refuses bad domains and an http logo', () => {
    const schema = identityProviderFormSchema(t, false);
    expect(schema.safeParse({ ...valid, allowedDomains: '' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, allowedDomains: 'not_a domain!' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, logoUrl: 'http://cdn.example.com/x.png' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, logoUrl: 'https://cdn.example.com/x.png' }).success).toBe(true);
  });

  it('fills the form from a stored provider without its secret', () => {
    expect(
      formValuesOf({
        publicId: 'abcdefabcdef',
        name: 'Okta',
        issuerUrl: 'https://okta.example.com',
        clientId: 'c',
        clientSecretSet: true,
        allowedDomains: ['a.com', 'b.com'],
        logoUrl: null,
      }),
    ).toEqual({
      name: 'Okta',
      issuerUrl: 'https://okta.example.com',
      clientId: 'c',
      clientSecret: '',
      allowedDomains: 'a.com, b.com',
      logoUrl: '',
    });
  });
});
