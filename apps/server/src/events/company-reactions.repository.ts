import type { Db } from '../db/client.ts';
import type { CompanyReactions } from './company-reactions.ts';

/** Whether the company has an enabled webhook and an enabled function subscription, in one statement. */
export async function loadCompanyReactions(db: Db, companyId: number): Promise<CompanyReactions> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('webhooks')
            .select('id')
            .where('company_id', '=', companyId)
            .where('enabled', '=', true),
        )
        .as('webhooks'),
      eb
        .exists(
          eb
            .selectFrom('backend_component_message_subscriptions')
            .select('id')
            .where('company_id', '=', companyId)
            .where('enabled', '=', true),
        )
        .as('subscriptions'),
    ])
    .executeTakeFirstOrThrow();
  return { webhooks: Boolean(row.webhooks), subscriptions: Boolean(row.subscriptions) };
}
