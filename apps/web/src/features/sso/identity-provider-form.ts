import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  httpsLinkProblem,
  ssoAllowedDomainsMax,
  ssoClientIdMaxLength,
  ssoClientSecretMaxLength,
  ssoEmailDomain,
  ssoIssuerUrlMaxLength,
  type SsoIdentityProvider,
  type SsoIdentityProviderCreateInput,
  type SsoIdentityProviderPatchInput,
} from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';

const maxLength = (t: TFunction, max: number) => t('form.maxLength', { count: max });

/** The allowed domains as typed: one text, split at commas, semicolons and white space. */
export function domainsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((domain) => domain.trim().toLowerCase()))].filter(Boolean);
}

/**
 * `editing`: the stored client secret is kept when the field stays empty. Issuers are https
 * here; the server also takes http where its operator allows private targets (tests), and says so.
 */
export function identityProviderFormSchema(t: TFunction, editing: boolean) {
  return z
    .object({
      name: nameSchema(t),
      issuerUrl: z
        .string()
        .trim()
        .min(1, t('form.required'))
        .max(ssoIssuerUrlMaxLength, maxLength(t, ssoIssuerUrlMaxLength)),
      clientId: z
        .string()
        .trim()
        .min(1, t('form.required'))
        .max(ssoClientIdMaxLength, maxLength(t, ssoClientIdMaxLength)),
      clientSecret: z.string().max(ssoClientSecretMaxLength, maxLength(t, ssoClientSecretMaxLength)),
      allowedDomains: z.string(),
      logoUrl: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      if (!editing && values.clientSecret === '')
        ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: t('form.required') });
      if (values.logoUrl !== '' && httpsLinkProblem(values.logoUrl) !== null)
        ctx.addIssue({ code: 'custom', path: ['logoUrl'], message: t('sso.validation.httpsOnly') });
      const domains = domainsOf(values.allowedDomains);
      if (domains.length === 0 || domains.length > ssoAllowedDomainsMax)
        ctx.addIssue({ code: 'custom', path: ['allowedDomains'], message: t('sso.validation.domains') });
      const bad = domains.find((domain) => !ssoEmailDomain.safeParse(domain).success);
      if (bad)
        ctx.addIssue({
          code: 'custom',
          path: ['allowedDomains'],
          message: t('sso.validation.domain', { domain: bad }),
        });
    });
}

export type IdentityProviderFormValues = z.infer<ReturnType<typeof identityProviderFormSchema>>;

export function formValuesOf(provider: SsoIdentityProvider | undefined): IdentityProviderFormValues {
  return {
    name: provider?.name ?? '',
    issuerUrl: provider?.issuerUrl ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    allowedDomains: provider?.allowedDomains.join(', ') ?? '',
    logoUrl: provider?.logoUrl ?? '',
  };
}

export function createInputOf(values: IdentityProviderFormValues): SsoIdentityProviderCreateInput {
  return {
    name: values.name,
    issuerUrl: values.issuerUrl,
    clientId: values.clientId,
    clientSecret: values.clientSecret,
    allowedDomains: domainsOf(values.allowedDomains),
    logoUrl: values.logoUrl || null,
  };
}

/** An empty secret keeps the stored one. */
export function patchOf(values: IdentityProviderFormValues): SsoIdentityProviderPatchInput {
  const { clientSecret, ...rest } = createInputOf(values);
  return clientSecret === '' ? rest : { ...rest, clientSecret };
}
