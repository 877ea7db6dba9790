import {
  passkeyAccessTokenInput,
  passkeyAuthenticationOptionsInput,
  passkeyCreateInput,
  passkeyDeleteInput,
  passkeyPatchInput,
} from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll, type FieldSpec } from '../../http/fields.ts';
import { parseFilterParams, type FilterSpec } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import type { ModuleDeps } from '../index.ts';
import { clientOf } from '../account/client-of.ts';
import { listPasskeys } from './passkey.repository.ts';
import { totpSecretsOf } from '../two-factor/totp-secrets.ts';
import {
  authenticationOptions,
  createPasskey,
  logInWithPasskey,
  presentPasskey,
  registrationOptions,
  removePasskey,
  updatePasskey,
} from './passkey.service.ts';

const passkeyFields: FieldSpec = { publicId: true, name: true, createdOn: true, lastUsedOn: true };
const passkeyFilters: FilterSpec = {
  publicId: { column: 'w.public_id', type: 'string' },
  name: { column: 'w.name', type: 'string' },
  createdOn: { column: 'w.created_at', type: 'date' },
  lastUsedOn: { column: 'w.last_used_on', type: 'date' },
};

/** Sign-in ceremonies started per client address and minute; each one stores a challenge. */
export const passkeyCeremoniesPerAddressPerMinute = 30;

/**
 * The signed-in user's own passkeys (no company), and sign-in with a passkey instead of a
 * password. Another user's passkey is not found.
 */
export function registerPasskeyRoutes(api: Api, deps: ModuleDeps) {
  const ceremonyLimiter = deps.limiters.attempts(
    'passkey-ceremony',
    passkeyCeremoniesPerAddressPerMinute,
    60,
  );
  // Changing passkeys asks for a TOTP code while TOTP is on, checked against the sealed secret.
  const totpSecrets = totpSecretsOf(deps.config);
  // Read per request: tests learn their port (and so PUBLIC_URL) only after the routes exist.
  const publicUrl = () => deps.config.publicUrl;

  api.route({
    rel: 'PasskeyRegistrationOptions',
    method: 'POST',
    access: 'user',
    doc: { summary: 'Start registering a passkey: WebAuthn creation options and their challenge' },
    handler: async (ctx) => {
      return {
        type: 'PasskeyRegistrationOptions',
        data: await registrationOptions(ctx.db, publicUrl(), ctx.user),
      };
    },
  });

  api.route({
    rel: 'PasskeyList',
    method: 'GET',
    access: 'user',
    doc: { summary: "The signed-in user's passkeys" },
    handler: async (ctx) => {
      const { fields, filters } = ctx.query;
      if (fields !== undefined && typeof fields !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = fields === undefined ? selectAll : parseFields(fields, passkeyFields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const where = parseFilterParams(
        (Array.isArray(filters) ? filters : [filters]).filter((f): f is string => typeof f === 'string'),
        passkeyFilters,
      );
      const rows = await listPasskeys(ctx.db, ctx.user.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      return {
        type: 'PasskeyList',
        data: page.rows.map((row) => ({
          publicId: row.public_id,
          ...(project(presentPasskey(row), selection) as object),
        })),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'PasskeyList',
    method: 'POST',
    access: 'user',
    doc: {
      summary:
        'Finish registering a passkey with the authenticator\u2019s answer, the password and (with TOTP on) a code',
      body: passkeyCreateInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(passkeyCreateInput, ctx.body);
      const data = await createPasskey(ctx.db, publicUrl(), deps.loginLimiter, totpSecrets, ctx.user, input, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'Passkey', data, status: 201 };
    },
  });

  api.route({
    rel: 'Passkey',
    method: 'PATCH',
    item: true,
    access: 'user',
    doc: { summary: 'Rename a passkey', body: passkeyPatchInput },
    handler: async (ctx) => {
      const { name } = parseInput(passkeyPatchInput, ctx.body);
      const data = await updatePasskey(ctx.db, ctx.user, ctx.publicId, name, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      return { type: 'Passkey', data };
    },
  });

  api.route({
    rel: 'Passkey',
    method: 'DELETE',
    item: true,
    access: 'user',
    doc: {
      summary: 'Remove a passkey (the password and, with TOTP on, a code)',
      body: passkeyDeleteInput,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(passkeyDeleteInput, ctx.body);
      const data = await removePasskey(
        ctx.db,
        deps.loginLimiter,
        totpSecrets,
        ctx.user,
        ctx.publicId,
        input,
        {
          clientAddress: ctx.clientAddress,
          client: clientOf(ctx.request),
        },
      );
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'Passkey', data };
    },
  });

  api.route({
    rel: 'PasskeyAuthenticationOptions',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Start signing in with a passkey: WebAuthn request options and their challenge',
      body: passkeyAuthenticationOptionsInput,
      rateLimited: true,
    },
    handler: async (ctx) => {
      // Counted before a challenge is stored, so nobody fills the table from one address.
      await ceremonyLimiter.consume(ctx.clientAddress);
      parseInput(passkeyAuthenticationOptionsInput, ctx.body ?? {});
      return { type: 'PasskeyAuthenticationOptions', data: await authenticationOptions(ctx.db, publicUrl()) };
    },
  });

  api.route({
    rel: 'PasskeyAccessTokenList',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Sign in with a passkey, without a password',
      body: passkeyAccessTokenInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(passkeyAccessTokenInput, ctx.body);
      const data = await logInWithPasskey(ctx.db, publicUrl(), deps.loginLimiter, input, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      return { type: 'AccessToken', data, status: 201 };
    },
  });
}
