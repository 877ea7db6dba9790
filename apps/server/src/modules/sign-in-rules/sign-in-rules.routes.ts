import { companySignInRulesPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { changeSignInRules, readSignInRules } from './sign-in-rules.service.ts';

/**
 * `CompanySignInRules`: enforced two-factor (with a grace period) and required single sign-on
 * for the members of the company. The rules themselves are enforced where every company call
 * is signed in (http/api.ts, auth/sign-in-rules.ts).
 */
export function registerSignInRulesRoutes(api: Api) {
  api.route({
    rel: 'CompanySignInRules',
    method: 'GET',
    access: 'company',
    capability: 'roles.manage',
    doc: { summary: "The company's sign-in rules: enforced two-factor and required single sign-on" },
    handler: async (ctx) => ({
      type: 'CompanySignInRules',
      data: await readSignInRules(ctx.db, ctx.company.id),
    }),
  });

  api.route({
    rel: 'CompanySignInRules',
    method: 'PATCH',
    access: 'company',
    capability: 'roles.manage',
    doc: {
      summary:
        "Change the company's sign-in rules; single sign-on can be required only once the company has an identity provider",
      body: companySignInRulesPatchInput,
    },
    handler: async (ctx) => {
      const input = parseInput(companySignInRulesPatchInput, ctx.body ?? {});
      const actor = { companyId: ctx.company.id, userId: ctx.user.id, clientAddress: ctx.clientAddress };
      const { rules, changed } = await changeSignInRules(ctx.db, actor, input);
      if (changed) api.applyAccessChange({ all: true });
      return { type: 'CompanySignInRules', data: rules };
    },
  });
}
