import type { Db } from '../../db/client.ts';

export type SignInRulesRow = {
  public_id: string;
  two_factor_required: boolean;
  two_factor_grace_days: number;
  two_factor_required_since: Date | null;
  sso_required: boolean;
  has_identity_provider: boolean;
};

/** The company's sign-in rules; `forUpdate` locks the company row for a change. */
export async function findSignInRules(db: Db, companyId: number, forUpdate = false): Promise<SignInRulesRow> {
  let query = db
    .selectFrom('companies as c')
    .select([
      'c.public_id',
      'c.two_factor_required',
      'c.two_factor_grace_days',
      'c.two_factor_required_since',
      'c.sso_required',
    ])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('sso_identity_providers as p').select('p.id').whereRef('p.company_id', '=', 'c.id'),
        )
        .as('has_identity_provider'),
    )
    .where('c.id', '=', companyId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return { ...row, has_identity_provider: Boolean(row.has_identity_provider) };
}

export async function updateSignInRules(
  db: Db,
  companyId: number,
  values: {
    two_factor_required: boolean;
    two_factor_grace_days: number;
    two_factor_required_since: Date | null;
    sso_required: boolean;
  },
): Promise<void> {
  await db.updateTable('companies').set(values).where('id', '=', companyId).execute();
}
