import { companyInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { parseInput } from '../../http/errors.ts';
import { createCompany, listCompanies } from './company.service.ts';

/** Companies one user may create per day: plenty for real use, few enough to stop mass-producing them. */
export const companiesPerUserPerDay = 10;

export function registerCompanyRoutes(api: Api, creationLimiter: { consume(key: string): Promise<void> }) {
  api.route({
    rel: 'CompanyList',
    method: 'GET',
    access: 'user',
    doc: { summary: "Companies the user is a member of (an SSO session: its provider's company only)" },
    handler: async (ctx) => ({
      type: 'CompanyList',
      data: await listCompanies(ctx.db, ctx.user.id, ctx.user.ssoCompanyId),
      moreAfter: null,
    }),
  });

  api.route({
    rel: 'CompanyList',
    method: 'POST',
    access: 'user',
    doc: { summary: 'Create a company; the user becomes its administrator', body: companyInput, status: 201 },
    handler: async (ctx) => {
      const { name } = parseInput(companyInput, ctx.body);
      // Taken before the transaction, so parallel requests cannot create more than the budget.
      await creationLimiter.consume(String(ctx.user.id));
      const { company, role } = await createCompany(ctx.db, ctx.user, name, ctx.clientAddress);
      api.applyAccessChange({ userId: ctx.user.id });
      const data = {
        publicId: company.public_id,
        name: company.name,
        role: { publicId: role.public_id, name: role.name },
      };
      return { type: 'CompanyList', data, status: 201 };
    },
  });
}
