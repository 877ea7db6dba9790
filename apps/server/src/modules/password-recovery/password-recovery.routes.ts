import { passwordRecoveryConfirmationInput, passwordRecoveryInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { headerValue } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { ModuleDeps } from '../index.ts';
import { clientOf } from '../account/client-of.ts';
import { confirmPasswordRecovery, startPasswordRecovery } from './password-recovery.service.ts';

/** Recovery mails per client address and per (lower-cased) e-mail address, in an hour. */
export const recoveryLimits = {
  perClientAddress: 20,
  perEmailAddress: 5,
  confirmationsPerClientAddress: 30,
  windowSeconds: 3600,
};

/** Password recovery before sign-in: a link by e-mail, then a new password from it. */
export function registerPasswordRecoveryRoutes(api: Api, deps: ModuleDeps) {
  const mailer = createMailer(deps.config);
  const byClientAddress = deps.limiters.attempts(
    'recovery:client-address',
    recoveryLimits.perClientAddress,
    recoveryLimits.windowSeconds,
  );
  const byEmailAddress = deps.limiters.attempts(
    'recovery:email-address',
    recoveryLimits.perEmailAddress,
    recoveryLimits.windowSeconds,
  );
  // Links cannot be guessed (256 bits), but every refused one is written to the history.
  const confirmationsByAddress = deps.limiters.attempts(
    'recovery:confirmation',
    recoveryLimits.confirmationsPerClientAddress,
    recoveryLimits.windowSeconds,
  );

  api.route({
    rel: 'PasswordRecoveryList',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Ask for a password recovery link (the same answer whether or not the address has an account)',
      body: passwordRecoveryInput,
      status: 201,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const { emailAddress } = parseInput(passwordRecoveryInput, ctx.body);
      await byClientAddress.consume(ctx.clientAddress);
      await byEmailAddress.consume(emailAddress.toLowerCase());
      startPasswordRecovery(
        { db: ctx.db, mailer, log: deps.log, publicUrl: deps.config.publicUrl },
        {
          emailAddress,
          requestLanguage: requestLanguage(headerValue(ctx.request, 'accept-language')),
          origin: { clientAddress: ctx.clientAddress, client: clientOf(ctx.request) },
        },
      );
      return { type: 'PasswordRecovery', data: { sent: true }, status: 201 };
    },
  });

  api.route({
    rel: 'PasswordRecoveryConfirmation',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Set a new password with a recovery link; every session and trusted browser ends',
      body: passwordRecoveryConfirmationInput,
    },
    handler: async (ctx) => {
      const { token, newPassword } = parseInput(passwordRecoveryConfirmationInput, ctx.body);
      await confirmationsByAddress.consume(ctx.clientAddress);
      const { userId } = await confirmPasswordRecovery(ctx.db, token, newPassword, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      // Forget cached sign-ins in this process now; other processes hear it from the database.
      api.applyAccessChange({ userId });
      return { type: 'PasswordRecoveryConfirmation', data: { passwordChanged: true } };
    },
  });
}
