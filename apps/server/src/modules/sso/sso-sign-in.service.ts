import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import {
  errorMessages,
  sameOriginPath,
  ssoCallbackPath,
  type SsoAccessToken,
  type SsoAuthorization,
} from '@fleetgate/contracts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import { recordSignInEvent } from '../../auth/sign-in-events.ts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import type { OutboundPolicy } from '../../net/outbound-guard.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { insertAccessToken } from '../account/access-token.repository.ts';
import { findUserByEmail, findUserById } from '../account/user.repository.ts';
import { guardedFetch, ssoRequestTimeoutSeconds } from './sso-fetch.ts';
import {
  deleteExpiredSsoLogins,
  findSsoLink,
  findSsoLinkOfUser,
  insertSsoLink,
  insertSsoLogin,
  isMemberOf,
  takeSsoLogin,
} from './sso-login.repository.ts';
import {
  findSsoProviderAnywhere,
  findSsoProviderById,
  type SsoProviderRow,
} from './sso-provider.repository.ts';
import { clientSecretContext, issuerUrlProblem } from './sso-provider.service.ts';

/** How long a sign-in may stay at the provider before its state is no longer accepted. */
export const ssoLoginLifetimeMs = 10 * 60 * 1000;

export type SsoSignInDeps = {
  box: SecretBox;
  outbound: OutboundPolicy;
  /** Read on every sign-in: tests learn the server's address only once it listens. */
  publicUrl: () => string;
};
type Caller = { clientAddress: string; client: string | null };

/** Why a sign-in through a provider was refused, as the sign-in history records it. */
type FailureDetail =
  | 'invalidState'
  | 'exchangeFailed'
  | 'unverifiedEmail'
  | 'domainNotAllowed'
  | 'notMember'
  | 'linkedToAnotherIdentity';

export function createSsoSignInService(deps: SsoSignInDeps) {
  const fetchThroughGuard = guardedFetch(deps.outbound);
  const redirectUri = () => `${deps.publicUrl().replace(/\/$/, '')}${ssoCallbackPath}`;

  /** The provider's metadata and this client, through the outbound guard and with timeouts. */
  async function discover(provider: SsoProviderRow): Promise<oidc.Configuration> {
    const insecure = new URL(provider.issuer_url).protocol === 'http:';
    // An http issuer stored while private targets were allowed stays unusable once they are not.
    if (issuerUrlProblem(provider.issuer_url, deps.outbound.allowPrivate))
      throw new Error('Issuer not allowed');
    const secret = deps.box.open(provider.client_secret_sealed, clientSecretContext(provider.public_id));
    return oidc.discovery(
      new URL(provider.issuer_url),
      provider.client_id,
      undefined,
      oidc.ClientSecretBasic(secret),
      {
        [oidc.customFetch]: fetchThroughGuard,
        timeout: ssoRequestTimeoutSeconds,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
  }

  return {
    /**
     * Starts a sign-in: PKCE verifier, nonce and state are made here and kept (the state only as
     * its hash) for ten minutes. `next` travels inside the state, which the provider hands back
     * unchanged and whose hash covers it, so nobody can swap it on the way. The binding answered
     * alongside the URL stays in the starting browser; only its hash is kept, and the callback
     * must bring it (login CSRF: a callback link from someone else's sign-in is worthless).
     */
    async authorize(
      db: Db,
      input: { identityProvider: string; next?: string | undefined },
    ): Promise<SsoAuthorization> {
      const provider = await findSsoProviderAnywhere(db, input.identityProvider);
      if (!provider) throw notFound();
      let config: oidc.Configuration;
      try {
        config = await discover(provider);
      } catch {
        throw badRequest(errorMessages.ssoProviderUnavailable, 'identityProvider');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const state =
        input.next === undefined
          ? oidc.randomState()
          : `${oidc.randomState()}.${Buffer.from(input.next).toString('base64url')}`;
      const binding = newSecret();
      const now = new Date();
      await deleteExpiredSsoLogins(db, now);
      await insertSsoLogin(db, {
        stateHash: hashSecret(state),
        bindingHash: hashSecret(binding),
        providerId: provider.id,
        codeVerifier,
        nonce,
        expiresOn: new Date(now.getTime() + ssoLoginLifetimeMs),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(),
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { authorizationUrl: url.href, binding };
    },

    /**
     * Finishes a sign-in from the query the provider sent to /sso-callback: the state is taken
     * once and only from the browser that started it (its binding), the code exchanged with the
     * PKCE verifier (openid-client checks state, nonce, issuer and the ID token), and the account
     * (by its link to the subject, else by the verified e-mail address) must be a current member
     * of the provider's company. Whoever runs a provider vouches only for its own company's
     * members: nobody gets an account or joins a company here (an invitee accepts the invite after
     * a password sign-in), and the session reaches that one company only.
     */
    async finish(
      db: Db,
      input: { callbackQuery: string; binding?: string | undefined; expiresIn: number },
      caller: Caller,
    ): Promise<SsoAccessToken> {
      const refuse = async (
        status: 400 | 401,
        message: string,
        detail: FailureDetail,
        who: { userId?: number | null; email?: string | null } = {},
      ): Promise<never> => {
        await recordSignInEvent(db, {
          userId: who.userId ?? null,
          kind: 'sso',
          outcome: 'failure',
          attemptedEmailAddress: who.email ?? null,
          detail,
          client: caller.client,
          address: caller.clientAddress,
        });
        throw new ApiError(status, [
          { message, ...(status === 400 ? { propertyName: 'callbackQuery' } : {}) },
        ]);
      };

      const query = input.callbackQuery.replace(/^\?/, '');
      const state = new URLSearchParams(query).get('state');
      const login = state ? await takeSsoLogin(db, hashSecret(state)) : undefined;
      if (
        !state ||
        !login ||
        login.expires_on <= new Date() ||
        !sameHash(login.binding_hash, hashSecret(input.binding ?? ''))
      ) {
        return refuse(400, errorMessages.ssoStateInvalid, 'invalidState');
      }
      const provider = await findSsoProviderById(db, login.provider_id);

      let claims: Record<string, unknown>;
      try {
        const config = await discover(provider);
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri()}?${query}`), {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims()!;
        claims = { ...idClaims };
        // Many providers (oidc-provider among them) put the e-mail claims only in UserInfo.
        if (claims.email === undefined || claims.email_verified === undefined) {
          const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = {
            ...userInfo,
            ...idClaims,
            email: userInfo.email,
            email_verified: userInfo.email_verified,
          };
        }
      } catch {
        return refuse(401, errorMessages.ssoFailed, 'exchangeFailed');
      }

      const subject = String(claims.sub);
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email.includes('@') || claims.email_verified !== true) {
        return refuse(401, errorMessages.ssoEmailUnverified, 'unverifiedEmail', { email: email || null });
      }
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!provider.allowed_domains.includes(domain)) {
        return refuse(401, errorMessages.ssoDomainNotAllowed, 'domainNotAllowed', { email });
      }

      // A known link wins over the e-mail address (the address may have changed at either end).
      const link = await findSsoLink(db, provider.id, subject);
      const user = link ? await findUserById(db, link.user_id) : await findUserByEmail(db, email);
      if (!user) return refuse(401, errorMessages.ssoNotMember, 'notMember', { email });
      // Any user can create a company and a provider claiming any domain: the provider speaks only
      // for people who already are members of its company, never for an invitee (accepting an
      // invite is the invitee's own decision) and never for someone who has left.
      if (!(await isMemberOf(db, provider.company_id, user.id))) {
        return refuse(401, errorMessages.ssoNotMember, 'notMember', { userId: user.id, email });
      }
      if (!link) {
        const other = await findSsoLinkOfUser(db, provider.id, user.id);
        // The account is already tied to another identity at this provider: the e-mail alone is not enough.
        if (other)
          return refuse(401, errorMessages.ssoFailed, 'linkedToAnotherIdentity', { userId: user.id, email });
      }

      const secret = newSecret();
      const expiresOn = new Date(Date.now() + input.expiresIn * 1000);
      const token = await runInTransaction(db, async (trx) => {
        if (!link && (await insertSsoLink(trx, provider.id, user.id, subject))) {
          await recordSignInEvent(trx, {
            userId: user.id,
            kind: 'ssoLink',
            outcome: 'success',
            detail: provider.public_id,
            client: caller.client,
            address: caller.clientAddress,
          });
        }
        const row = await insertAccessToken(trx, {
          userId: user.id,
          secretHash: hashSecret(secret),
          expiresOn,
          signInExpiresOn: expiresOn,
          authMethod: 'sso',
          ssoCompanyId: provider.company_id,
          client: caller.client,
          address: caller.clientAddress,
        });
        await writeAudit(trx, {
          companyId: null,
          actorUserId: user.id,
          action: 'CREATE',
          rel: 'AccessToken',
          publicId: row.public_id,
          after: { publicId: row.public_id, expiresOn: row.expires_on, authMethod: 'sso' },
          clientAddress: caller.clientAddress,
        });
        await recordSignInEvent(trx, {
          userId: user.id,
          kind: 'sso',
          outcome: 'success',
          detail: provider.public_id,
          client: caller.client,
          address: caller.clientAddress,
        });
        return row;
      });
      const dot = state.indexOf('.');
      const next = dot < 0 ? null : Buffer.from(state.slice(dot + 1), 'base64url').toString();
      const safeNext = next !== null && sameOriginPath.safeParse(next).success ? next : null;
      return {
        publicId: token.public_id,
        secretId: secret,
        expiresOn: token.expires_on.toISOString(),
        next: safeNext,
      };
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;

/** Compares two hex digests of equal length without leaking where they differ. */
function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
