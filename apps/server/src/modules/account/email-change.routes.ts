import { emailAddressChangeInput, emailAddressConfirmationInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ModuleDeps } from '../index.ts';
import { clientOf } from './client-of.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';

/** Changing one's e-mail address: asked for while signed in, confirmed from the new address. */
export function registerEmailChangeRoutes(api: Api, deps: ModuleDeps, mailer: Mailer) {
  // A right password gives the login budget back, so the mails sent need a budget of their own.
  const changesPerUser = deps.limiters.attempts('email-change', 5, 3600);
  api.route({
    rel: 'MyEmailAddressChange',
    method: 'POST',
    access: 'user',
    doc: {
      summary: 'Ask to change the e-mail address; a link goes to the new one',
      body: emailAddressChangeInput,
      status: 202,
      rateLimited: true,
    },
    handler: async (ctx) => {
      const input = parseInput(emailAddressChangeInput, ctx.body);
      await changesPerUser.consume(String(ctx.user.id));
      const { answer, mails } = await requestEmailChange(
        ctx.db,
        deps.loginLimiter,
        ctx.user,
        input,
        deps.config.publicUrl,
        { clientAddress: ctx.clientAddress, client: clientOf(ctx.request) },
      );
      // Sent before answering on both paths alike; a failed mail is logged and the answer stays.
      for (const mail of mails) {
        await mailer.send(mail).catch((error: unknown) => {
          deps.log.error({ err: error }, `e-mail change mail could not be sent (${mailer.destination})`);
        });
      }
      return { type: 'MyEmailAddressChange', data: answer, status: 202 };
    },
  });

  api.route({
    rel: 'MyEmailAddressConfirmation',
    method: 'POST',
    access: 'public',
    doc: {
      summary: 'Confirm a new e-mail address with the link mailed to it',
      body: emailAddressConfirmationInput,
    },
    handler: async (ctx) => {
      const { token } = parseInput(emailAddressConfirmationInput, ctx.body);
      const { userId, data } = await confirmEmailChange(ctx.db, token, {
        clientAddress: ctx.clientAddress,
        client: clientOf(ctx.request),
      });
      api.applyAccessChange({ userId });
      return { type: 'MyEmailAddressConfirmation', data };
    },
  });
}
