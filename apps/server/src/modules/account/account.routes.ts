import { z } from 'zod';
import {
  errorMessages,
  accessTokenInput,
  passwordChangeInput,
  registrationInput,
} from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { headerValue } from '../../http/api.ts';
import { badRequest, parseInput, unauthenticated } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import {
  changePassword,
  logIn,
  presentMyUser,
  registerUser,
  revokeTokens,
  type Credentials,
} from './account.service.ts';
import { issueFromBearer } from './jump-start.service.ts';

const revokeInput = z
  .array(z.strictObject({ publicId: z.string().regex(publicIdPattern) }))
  .min(1)
  .max(100);

export function registerAccountRoutes(
  api: Api,
  limiter: LoginLimiter,
  registrationLimiter: { consume(key: string): Promise<unknown> },
) {
  api.route({
    rel: 'RegistrationList',
    method: 'POST',
    access: 'public',
    doc: { summary: 'Register a user', body: registrationInput, status: 201, rateLimited: true },
    handler: async (ctx) => {
      await registrationLimiter.consume(ctx.clientAddress);
      const input = parseInput(registrationInput, ctx.body);
      return {
        type: 'Registration',
        data: await registerUser(ctx.db, input, ctx.clientAddress),
        status: 201,
      };
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
        const secret = bearerSecret(authorization);
        const { expiresIn } = parseInput(accessTokenInput, ctx.body);
        const data = await issueFromBearer(ctx.db, secret, expiresIn, ctx.clientAddress);
        return { type: 'AccessToken', data, status: 201 };
      }
      const credentials = basicCredentials(authorization);
      const { expiresIn } = parseInput(accessTokenInput, ctx.body);
      return {
        type: 'AccessToken',
        data: await logIn(ctx.db, limiter, credentials, expiresIn, ctx.clientAddress),
        status: 201,
      };
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

  api.route({
    rel: 'MyUser',
    method: 'GET',
    access: 'user',
    optionalCompany: true,
    doc: { summary: 'The signed-in user, with the capabilities held in the company acted in' },
    handler: async (ctx) => ({ type: 'MyUser', data: presentMyUser(ctx.user, ctx.company) }),
  });

  api.route({
    rel: 'MyUserPassword',
    method: 'POST',
    access: 'user',
    doc: { summary: 'Change the password', body: passwordChangeInput },
    handler: async (ctx) => {
      const input = parseInput(passwordChangeInput, ctx.body);
      await changePassword(ctx.db, ctx.user, input, ctx.clientAddress);
      if (input.deleteAccessTokens) api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'MyUserPassword', data: { passwordChanged: true } };
    },
  });
}

function bearerSecret(header: string): string {
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header);
  if (!match) throw unauthenticated();
  return match[1]!;
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
  if (credentials.password.length > 128 || credentials.emailAddress.length > 255)
    throw unauthenticated(errorMessages.invalidCredentials);
  return credentials;
}
