import { totpChangeInput, totpConfirmationInput } from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { clientOf } from '../account/client-of.ts';
import {
  confirmTotp,
  readMyTwoFactor,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  turnTotpOff,
  type Requester,
} from './two-factor.service.ts';
import { totpSecretsOf } from './totp-secrets.ts';

const requester = (ctx: ApiContext<'user'>): Requester => ({
  user: ctx.user,
  clientAddress: ctx.clientAddress,
  client: clientOf(ctx.request),
});

/** The signed-in user's own TOTP second factor and recovery codes (no company involved). */
export function registerTwoFactorRoutes(api: Api, deps: ModuleDeps) {
  const limiter = deps.loginLimiter;
  const secrets = totpSecretsOf(deps.config);

  api.route({
    rel: 'MyTwoFactor',
    method: 'GET',
    access: 'user',
    doc: { summary: "The signed-in user's second factors" },
    handler: async (ctx) => ({ type: 'MyTwoFactor', data: await readMyTwoFactor(ctx.db, ctx.user.id) }),
  });

  api.route({
    rel: 'MyTotpEnrolment',
    method: 'POST',
    access: 'user',
    doc: { summary: 'Start setting up TOTP: a new secret with its QR code', bodyOptional: true, status: 201 },
    handler: async (ctx) => ({
      type: 'TotpEnrolment',
      data: await startTotpEnrolment(ctx.db, secrets, ctx.user),
      status: 201,
    }),
  });

  api.route({
    rel: 'MyTotpConfirmation',
    method: 'POST',
    access: 'user',
    doc: {
      summary: 'Turn TOTP on with a first code; answers the recovery codes once',
      body: totpConfirmationInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const { code } = parseInput(totpConfirmationInput, ctx.body);
      const data = await confirmTotp(ctx.db, limiter, secrets, requester(ctx), code);
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'RecoveryCodeList', data, status: 201 };
    },
  });

  api.route({
    rel: 'MyRecoveryCodeList',
    method: 'POST',
    access: 'user',
    doc: {
      summary: 'Make new recovery codes (the old ones stop working); answered once',
      body: totpChangeInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(totpChangeInput, ctx.body);
      const data = await regenerateRecoveryCodes(ctx.db, limiter, secrets, requester(ctx), input);
      return { type: 'RecoveryCodeList', data, status: 201 };
    },
  });

  api.route({
    rel: 'MyTotp',
    method: 'DELETE',
    access: 'user',
    doc: {
      summary: 'Turn TOTP off (password and a code); ends every trusted browser',
      body: totpChangeInput,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(totpChangeInput, ctx.body);
      await turnTotpOff(ctx.db, limiter, secrets, requester(ctx), input);
      api.applyAccessChange({ userId: ctx.user.id });
      return { type: 'MyTotp', data: { totpEnabled: false } };
    },
  });
}
