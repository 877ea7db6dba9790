import { z } from 'zod';
import { httpsUrl } from './http-url.ts';
import { limits } from './limits.ts';
import type { AccessToken } from './account.ts';

/** How many e-mail domains one identity provider may vouch for. */
export const ssoAllowedDomainsMax = 20;
export const ssoIssuerUrlMaxLength = 2048;
export const ssoClientIdMaxLength = 255;
/** Long enough for the signed JWTs some providers hand out as client secrets. */
export const ssoClientSecretMaxLength = 4096;
/** The query string an identity provider sends to `/sso-callback` (code, state, iss …). */
export const ssoCallbackQueryMaxLength = 8192;
/** The path the browser is sent back to after the provider: `${PUBLIC_URL}/sso-callback`. */
export const ssoCallbackPath = '/sso-callback';

/** A DNS name of at least two labels, lower-cased (`example.com`, `plant.example.co.uk`). */
const domainPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
export const ssoEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(domainPattern)
  .refine((value) => !value.includes('..'));

const allowedDomains = z
  .array(ssoEmailDomain)
  .min(1)
  .max(ssoAllowedDomainsMax)
  .superRefine((domains, ctx) => {
    domains.forEach((domain, index) => {
      if (domains.indexOf(domain) !== index)
        ctx.addIssue({ code: 'custom', message: 'Duplicate', path: [index] });
    });
  });

const providerFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  /** https, or http only where the operator allows private outbound targets (tests). */
  issuerUrl: z.string().trim().min(1).max(ssoIssuerUrlMaxLength),
  clientId: z.string().trim().min(1).max(ssoClientIdMaxLength),
  /** Write-only: stored sealed, never answered (`clientSecretSet` says it is there). */
  clientSecret: z.string().min(1).max(ssoClientSecretMaxLength),
  allowedDomains,
  logoUrl: httpsUrl.nullable().optional(),
};

/** `POST CompanySsoIdentityProviderList`. */
export const ssoIdentityProviderCreateInput = z.strictObject(providerFields);
export type SsoIdentityProviderCreateInput = z.input<typeof ssoIdentityProviderCreateInput>;

/** `PATCH CompanySsoIdentityProvider/{publicId}`: leaving `clientSecret` out keeps the stored one. */
export const ssoIdentityProviderPatchInput = z.strictObject({
  name: providerFields.name.optional(),
  issuerUrl: providerFields.issuerUrl.optional(),
  clientId: providerFields.clientId.optional(),
  clientSecret: providerFields.clientSecret.optional(),
  allowedDomains: providerFields.allowedDomains.optional(),
  logoUrl: providerFields.logoUrl,
});
export type SsoIdentityProviderPatchInput = z.input<typeof ssoIdentityProviderPatchInput>;

/** A company's identity provider as its administrators read it. */
export type SsoIdentityProvider = {
  publicId: string;
  name: string;
  issuerUrl: string;
  clientId: string;
  /** Always true: a provider cannot be stored without its secret, and the secret never leaves. */
  clientSecretSet: boolean;
  allowedDomains: string[];
  logoUrl: string | null;
};

/** `GET SsoIdentityProviderList` (no sign-in): what the login page's buttons need. */
export type PublicSsoIdentityProvider = {
  publicId: string;
  name: string;
  logo: string | null;
  /** The companies that trust this provider. */
  companies: { publicId: string; name: string }[];
};

/** A path of this site (`/agents?x=1`), never another origin (`//evil.test`, `/\evil.test`). */
export const sameOriginPath = z
  .string()
  .max(2048)
  .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value));

/** `POST SsoAuthorizationList`. */
export const ssoAuthorizationInput = z.strictObject({
  identityProvider: z.string().regex(/^[0-9a-z]{12}$/),
  next: sameOriginPath.optional(),
});
export type SsoAuthorizationInput = z.input<typeof ssoAuthorizationInput>;
export type SsoAuthorization = {
  authorizationUrl: string;
  /**
   * A secret for the browser that starts the sign-in, kept there (session storage) and sent back
   * with the callback: the state works only together with it, so a callback link made by someone
   * else (login CSRF) or leaked from the address bar signs nobody in.
   */
  binding: string;
};

/** The binding is a 256-bit secret in base64url; anything longer is not one of ours. */
export const ssoBindingMaxLength = 128;

/**
 * `POST SsoAccessTokenList`: the callback's query string and the binding answered when the
 * sign-in started, exchanged for a session. Without the binding the state is refused like an
 * unknown one (and used up).
 */
export const ssoAccessTokenInput = z.strictObject({
  callbackQuery: z.string().min(1).max(ssoCallbackQueryMaxLength),
  binding: z.string().max(ssoBindingMaxLength).optional(),
  expiresIn: z.number().int().min(limits.accessTokenMinSeconds).max(limits.accessTokenMaxSeconds),
});
export type SsoAccessTokenInput = z.input<typeof ssoAccessTokenInput>;
/** The session, and where the user was going when they chose the provider. */
export type SsoAccessToken = AccessToken & { next: string | null };
