import { bearerSecret } from '../../auth/bearer.ts';
import { z } from 'zod';
import {
  errorMessages,
  limits,
  accessTokenInput,
  myUserPatchInput,
  passwordChangeInput,
  registrationInput,
} from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { headerValue } from '../../http/api.ts';
import { badRequest, parseInput, unauthenticated } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { ModuleDeps } from '../index.ts';
import { confirmRegistration, requestRegistration } from './registration.service.ts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser, CompanyContext } from '../../auth/context.ts';
import { approvesAccessRequests } from '../access/my-access.ts';
import {
  changePassword,
  logIn,
  presentMyUser,
  revokeTokens,
  updateMyUser,
  type Credentials,
} from './account.service.ts';
import { listAcceptedPolicies } from '../terms/terms.repository.ts';
import { issueFromBearer } from './jump-start.service.ts';
import { registerSessionRoutes } from './session.routes.ts';
import { registerEmailChangeRoutes } from './email-change.routes.ts';
import { clientOf } from './client-of.ts';
import { totpSecretsOf } from '../two-factor/totp-secrets.ts';
import { mySignInRules } from '../../auth/sign-in-rules.ts';

// The same rule as registration's, so every address that could register can sign in.
const loginEmailAddress = registrationInput.shape.emailAddress;

const revokeInput = z
  .array(z.strictObject({ publicId: z.string().regex(publicIdPattern) }))
  .min(1)
  .max(100);

const confirmationInput = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export function registerAccountRoutes(api: Api, deps: ModuleDeps) {
  const limiter = deps.loginLimiter;
  const totpSecrets = totpSecretsOf(deps.config);
  const mailer = createMailer(deps.config);

  api.route({
    rel: 'RegistrationList',
    method: 'POST',
    access: 'public',
    doc: { summary: 'Register a user', body: registrationInput, status: 201, rateLimited: true },
    handler: async (ctx) => {
      await deps.registrationLimiter.consume(ctx.clientAddress);
      const input = parseInput(registrationInput, ctx.body);
      const { answer, mail } = await requestRegistration(
        ctx.db,
        input,
        deps.config.publicUrl,
        requestLanguage(headerValue(ctx.request, 'accept-language')),
      );
      // Sent before answering, on both paths alike; a mail that fails is logged, and the
      // answer stays the same (the user can register again).
      await mailer.send(mail).catch((error: unknown) => {
        deps.log.error({ err: error }, `registration e-mail could not be sent (${mailer.destination})`);
      });
      return { type: 'Registration', data: answer, status: 202 };
    },
  });

  api.route({
    rel: 'RegistrationConfirmationList',
    method: 'POST',
    access: 'public',
    handler: async (ctx) => {
      const { token } = parseInput(confirmationInput, ctx.body);
      const data = await confirmRegistration(ctx.db, token, ctx.clientAddress);
      return { type: 'User', data, status: 201 };
    },
  });

  api.route({
    rel: 'AccessTokenList',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Sign in (Basic email:otp:password), or exchange a bearer token for another',
      body: accessTokenInput,
      status: 201,
      rateLimited: true,
      auth: ['basic', 'bearer'],
    },
    handler: async (ctx) => {
      const authorization = headerValue(ctx.request, 'authorization');
      // Bearer: jump-start (a link from a session, or a session from a link); Basic: sign-in.
      if (authorization?.startsWith('Bearer ')) {
        const secret = bearerSecret(ctx.request.raw);
        if (secret === undefined) throw unauthenticated();
        const { expiresIn } = parseInput(accessTokenInput, ctx.body);
        const data = await issueFromBearer(
          ctx.db,
          secret,
          expiresIn,
          ctx.clientAddress,
          clientOf(ctx.request),
        );
        return { type: 'AccessToken', data, status: 201 };
      }
      const credentials = basicCredentials(authorization);
      const { expiresIn, trustDevice = false } = parseInput(accessTokenInput, ctx.body);
      const deviceSecret = headerValue(ctx.request, 'api-device-id');
      const data = await logIn(ctx.db, limiter, totpSecrets, credentials, {
        expiresIn,
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
        // A trusted browser's secret is a newSecret(); anything else cannot name one.
        deviceSecret: deviceSecret && /^[A-Za-z0-9_-]{43}$/.test(deviceSecret) ? deviceSecret : undefined,
        trustDevice,
      });
      return { type: 'AccessToken', data, status: 201 };
    },
  });

  api.route({
    rel: 'AccessTokenList',
    method: 'DELETE',
    access: 'user',
    doc: { summary: "Revoke the user's access tokens", body: revokeInput },
    handler: async (ctx) => {
      const items = parseInput(revokeInput, ctx.body);
      const data = await revokeTokens(
        ctx.db,
        ctx.user,
        items.map((i) => i.publicId),
        ctx.clientAddress,
      );
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'AccessTokenList', data };
    },
  });

  registerSessionRoutes(api);
  registerEmailChangeRoutes(api, deps, mailer);

  api.route({
    rel: 'MyUser',
    method: 'GET',
    access: 'user',
    optionalCompany: true,
    // The blocked member's app learns from MyUser why and where to go (signInRules).
    allowedWhenSignInBlocked: true,
    doc: { summary: 'The signed-in user, with the capabilities held in the company acted in' },
    handler: async (ctx) => {
      return { type: 'MyUser', data: await readMyUser(ctx.db, ctx.user, ctx.company) };
    },
  });

  api.route({
    rel: 'MyUser',
    method: 'PATCH',
    access: 'user',
    optionalCompany: true,
    doc: { summary: "Change the signed-in user's own settings (name, language)", body: myUserPatchInput },
    allowedWhenSignInBlocked: true,
    handler: async (ctx) => {
      const input = parseInput(myUserPatchInput, ctx.body);
      const user = await updateMyUser(ctx.db, ctx.user, input, ctx.clientAddress);
      if (user !== ctx.user) api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'MyUser', data: await readMyUser(ctx.db, user, ctx.company) };
    },
  });

  api.route({
    rel: 'MyUserPassword',
    method: 'POST',
    access: 'user',
    doc: { summary: 'Change the password', body: passwordChangeInput },
    handler: async (ctx) => {
      const input = parseInput(passwordChangeInput, ctx.body);
      await changePassword(ctx.db, limiter, ctx.user, input, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      if (input.deleteAccessTokens) api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'MyUserPassword', data: { passwordChanged: true } };
    },
  });
}

/** `Authorization: Basic base64(email:otp:password)`; the password may itself contain colons. */
function basicCredentials(header: string | undefined): Credentials {
  const match = /^Basic ([A-Za-z0-9+/=]{1,2000})$/.exec(header ?? '');
  if (!header) throw unauthenticated();
  if (!match) throw badRequest('Expected Basic base64(email:otp:password)', 'Authorization');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const first = decoded.indexOf(':');
  const second = decoded.indexOf(':', first + 1);
  if (first < 1 || second < 0) throw badRequest('Expected Basic base64(email:otp:password)', 'Authorization');
  const credentials = {
    emailAddress: decoded.slice(0, first),
    otp: decoded.slice(first + 1, second),
    password: decoded.slice(second + 1),
  };
  // Checked before any query or hash: NUL bytes, broken UTF-8 or huge strings never reach the database.
  if (!loginEmailAddress.safeParse(credentials.emailAddress).success)
    throw badRequest('Invalid e-mail address', 'Authorization');
  if (credentials.password.length > limits.passwordMaxLength)
    throw unauthenticated(errorMessages.invalidCredentials);
  return credentials;
}

/** MyUser as the signed-in user reads it, in the selected company (if any). */
async function readMyUser(db: Db, user: AuthenticatedUser, company: CompanyContext | undefined) {
  const approves = company ? await approvesAccessRequests(db, user.id, company) : false;
  const accepted = await listAcceptedPolicies(db, user.id);
  const policies = accepted.map((row) => ({ publicId: row.public_id }));
  const signInRules = company ? await mySignInRules(db, user, company) : null;
  return presentMyUser(user, company, approves, policies, signInRules);
}
