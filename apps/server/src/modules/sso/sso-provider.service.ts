import type { z } from 'zod';
import {
  errorMessages,
  httpsLinkMessages,
  ssoIdentityProviderCreateInput,
  ssoIdentityProviderPatchInput,
} from '@fleetgate/contracts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { WriteOnly } from '../mqtt/write-only.ts';
import {
  deleteSsoProvider,
  insertSsoProvider,
  ssoProviderNameTaken,
  updateSsoProvider,
  type SsoProviderRow,
} from './sso-provider.repository.ts';

/** The secret is wrapped before anything (the create answer, a log line) could echo it. */
function wrapSecret<T extends { clientSecret?: string }>(input: T) {
  const { clientSecret, ...rest } = input;
  return { ...rest, clientSecret: clientSecret === undefined ? undefined : new WriteOnly(clientSecret) };
}

export const providerCreateSchema = ssoIdentityProviderCreateInput.transform(wrapSecret);
export const providerPatchSchema = ssoIdentityProviderPatchInput.transform(wrapSecret);
type CreateInput = z.output<typeof providerCreateSchema>;
type PatchInput = z.output<typeof providerPatchSchema>;

/**
 * An issuer is an https URL without credentials, query or fragment (OpenID Connect Discovery
 * §4); plain http only where the operator allows private targets, which is how tests reach a
 * provider on loopback.
 */
export function issuerUrlProblem(value: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return errorMessages.invalid;
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:'))
    return httpsLinkMessages.httpsOnly;
  if (url.username !== '' || url.password !== '') return httpsLinkMessages.credentials;
  if (url.hostname === '' || url.search !== '' || url.hash !== '') return errorMessages.invalid;
  return null;
}

/** The sealed secret is bound to its provider: a box copied to another row does not open. */
export const clientSecretContext = (publicId: string) => `SsoIdentityProvider/${publicId}`;

export function createSsoProviderService(box: SecretBox, allowInsecure: boolean) {
  const checkIssuer = (issuerUrl: string) => {
    const problem = issuerUrlProblem(issuerUrl, allowInsecure);
    if (problem) throw badRequest(problem, 'issuerUrl');
  };

  return {
    create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
      checkIssuer(input.issuerUrl);
      if (await ssoProviderNameTaken(trx, ctx.company.id, input.name)) {
        throw conflict(errorMessages.nameInUse, 'name');
      }
      const publicId = newPublicId();
      return insertSsoProvider(trx, ctx.company.id, publicId, {
        name: input.name,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        clientSecretSealed: box.seal(input.clientSecret!.reveal(), clientSecretContext(publicId)),
        allowedDomains: input.allowedDomains,
        logoUrl: input.logoUrl ?? null,
      });
    },

    change: async (trx: Db, ctx: MutationContext, row: SsoProviderRow, input: PatchInput) => {
      if (input.issuerUrl !== undefined) checkIssuer(input.issuerUrl);
      if (input.name !== undefined && (await ssoProviderNameTaken(trx, ctx.company.id, input.name, row.id))) {
        throw conflict(errorMessages.nameInUse, 'name');
      }
      return updateSsoProvider(trx, row.id, {
        name: input.name,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        // Left out keeps the stored secret.
        clientSecretSealed:
          input.clientSecret === undefined
            ? undefined
            : box.seal(input.clientSecret.reveal(), clientSecretContext(row.public_id)),
        allowedDomains: input.allowedDomains,
        logoUrl: input.logoUrl,
      });
    },

    remove: async (trx: Db, _ctx: MutationContext, row: SsoProviderRow) => {
      await deleteSsoProvider(trx, row.id);
    },
  };
}
